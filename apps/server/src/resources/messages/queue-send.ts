import type { Queryable } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { insertRecipients, insertSend, type NewSend } from './send-repository.ts';
import { MESSAGE_QUEUE } from './send-worker.ts';

/**
 * Stores a send, each recipient's own text (queued) and the job that sends them, in the caller's transaction: the job
 * exists exactly when the send does. Call `jobs.ready()` before the transaction and `jobs.wake(MESSAGE_QUEUE)` after
 * it commits.
 */
export async function queueSend(
  tx: Queryable,
  jobs: JobQueue,
  send: NewSend,
  recipients: { student_id: number; mobile: string; text: string }[],
): Promise<number> {
  const id = await insertSend(tx, send);
  await insertRecipients(tx, id, recipients);
  await jobs.send(MESSAGE_QUEUE, { sendId: id }, { tx });
  return id;
}
