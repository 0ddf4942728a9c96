import type { BodyInput, recordWatched, submitQuiz } from '@portal/contract';
import { ApiError } from './api-client.ts';
import { OFFLINE_QUEUE_KEY } from './private-data.ts';

/** What a student can do offline that the server must hear about later. */
export type QueuedAction =
  | { kind: 'record-watched'; body: BodyInput<typeof recordWatched> }
  | { kind: 'submit-quiz'; body: BodyInput<typeof submitQuiz> };

/** One action per kind and key: a newer watch position of a topic replaces the older one. */
const keyOf = (action: QueuedAction) =>
  action.kind === 'record-watched' ? `watched:${action.body.topic_id}` : `quiz:${action.body.quiz_id}`;

/** The queue, for one student only: another student's leftovers (never expected: Logout clears it) are ignored. */
export function queuedActions(studentId: number): QueuedAction[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(OFFLINE_QUEUE_KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as QueuedAction[]).filter((a) => Number(a.body.stud_id) === studentId) : [];
  } catch {
    return [];
  }
}

function save(actions: QueuedAction[]) {
  if (actions.length === 0) localStorage.removeItem(OFFLINE_QUEUE_KEY);
  else localStorage.setItem(OFFLINE_QUEUE_KEY, JSON.stringify(actions));
}

/** Removes the action of this kind and key (its screen sent it itself). */
export function dequeue(action: QueuedAction) {
  const key = keyOf(action);
  save(queuedActions(Number(action.body.stud_id)).filter((a) => keyOf(a) !== key));
}

const sentByScreen = new Set<string>();

/**
 * A screen that sends a queued action itself while it is shown (the quiz form, to show the result) keeps the
 * queue from sending it too; the returned function hands it back to the queue.
 */
export function sendByScreen(action: QueuedAction): () => void {
  const key = keyOf(action);
  sentByScreen.add(key);
  return () => {
    sentByScreen.delete(key);
    window.dispatchEvent(new Event(FLUSH_EVENT));
  };
}

/** Asks the queue to send what it holds now (besides the app opening and the connection returning). */
export const FLUSH_EVENT = 'portal:flush-offline-queue';

export function enqueue(action: QueuedAction) {
  save([...queuedActions(Number(action.body.stud_id)).filter((a) => keyOf(a) !== keyOf(action)), action]);
}

/** True for a failure of the connection, as opposed to an answer of the server. */
export const isOffline = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * Sends the queued actions in order, each removed once the server has answered (a refusal too: it would be
 * refused again). Stops at the first network failure and keeps the rest. One tab at a time: two tabs coming
 * back online together must not send the same quiz twice.
 */
export async function flushQueue(studentId: number, send: (action: QueuedAction) => Promise<void>) {
  const run = async () => {
    for (const action of queuedActions(studentId)) {
      if (sentByScreen.has(keyOf(action))) continue;
      try {
        await send(action);
      } catch (error) {
        if (isOffline(error)) return;
      }
      // Unless a newer one of the same key was queued meanwhile.
      const sent = JSON.stringify(action);
      save(queuedActions(studentId).filter((a) => JSON.stringify(a) !== sent));
    }
  };
  if (navigator.locks) await navigator.locks.request(OFFLINE_QUEUE_KEY, run);
  else await run();
}
