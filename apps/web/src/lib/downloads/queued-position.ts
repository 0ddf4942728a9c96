import { queuedActions } from '../offline-queue.ts';

/** A position watched offline and not yet sent, which is newer than any the server gave. */
export function queuedPosition(studentId: number, topicId: number): number | undefined {
  for (const action of queuedActions(studentId))
    if (action.kind === 'record-watched' && Number(action.body.topic_id) === topicId)
      return action.body.position_seconds ?? undefined;
  return undefined;
}
