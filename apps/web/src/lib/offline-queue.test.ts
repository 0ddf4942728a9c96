import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { enqueue, flushQueue, queuedActions, type QueuedAction } from './offline-queue.ts';
import { OFFLINE_QUEUE_KEY, QUIZ_ANSWERS_KEY } from './private-data.ts';
import { useSession } from './session-store.ts';

const quiz = (stud_id: number, quiz_id: number): QueuedAction => ({
  kind: 'submit-quiz',
  body: { stud_id, quiz_id, submit_data: [{ question_id: 1, answer: 'Mass' }] },
});
const watched = (position: number): QueuedAction => ({
  kind: 'record-watched',
  body: { stud_id: 7, topic_id: 3, position_seconds: position },
});

afterEach(() => useSession.setState({ user: null, token: null }));

describe('the offline queue', () => {
  it('keeps one watch position per topic, the latest', () => {
    enqueue(watched(10));
    enqueue(quiz(7, 2));
    enqueue(watched(25));
    expect(queuedActions(7)).toEqual([quiz(7, 2), watched(25)]);
  });

  it("never hands one student's actions to another", () => {
    enqueue(quiz(7, 2));
    expect(queuedActions(8)).toEqual([]);
  });

  it('sends each action once, keeps what the network failed to send, and drops what the server refused', async () => {
    enqueue(quiz(7, 1));
    enqueue(quiz(7, 2));
    enqueue(quiz(7, 3));
    const send = vi.fn(async (action: QueuedAction) => {
      if (action.kind === 'submit-quiz' && action.body.quiz_id === 2) throw new ApiError(422, 'Refused');
      if (action.kind === 'submit-quiz' && action.body.quiz_id === 3) throw new ApiError(0, 'Offline');
    });
    await flushQueue(7, send);
    expect(send).toHaveBeenCalledTimes(3);
    expect(queuedActions(7)).toEqual([quiz(7, 3)]);
    send.mockResolvedValue(undefined);
    await flushQueue(7, send);
    await flushQueue(7, send);
    expect(send).toHaveBeenCalledTimes(4);
    expect(localStorage.getItem(OFFLINE_QUEUE_KEY)).toBeNull();
  });

  it('is emptied when the session ends, with the quiz answers saved on the device', () => {
    useSession.setState({ token: 'token-abc' });
    enqueue(quiz(7, 2));
    localStorage.setItem(
      QUIZ_ANSWERS_KEY,
      JSON.stringify({ state: { drafts: { '7:2': { 5: 'Velocity' } }, submissionIds: {} }, version: 1 }),
    );
    useSession.getState().removeUser();
    expect(localStorage.getItem(OFFLINE_QUEUE_KEY)).toBeNull();
    expect(localStorage.getItem(QUIZ_ANSWERS_KEY)).toBeNull();
  });
});
