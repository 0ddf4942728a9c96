import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { PushSender } from '../../push/push-sender.ts';
import { subscriptionsOf } from '../../push/subscription-repository.ts';
import { classReminder } from './class-reminder.ts';
import { claimDueClasses, recordPushed } from './class-reminder-repository.ts';
import { textClassReminder } from './class-reminder-sms.ts';

export interface RemindOptions {
  db: Database;
  push: PushSender;
  /** The message queue the SMS leg is sent through. */
  jobs: JobQueue;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** CLASS_REMINDER_MINUTES: 0 reminds nothing. */
  minutes: number;
  timeZone: string;
  /** The clock: the server's, or a test's. */
  now: Date;
}

export interface Reminded {
  liveClassId: number;
  students: number;
  pushed: number;
  failed: number;
  /** The SMS send queued to the batch, or null: no template is marked for class reminders (or nobody to text). */
  sendId: number | null;
}

/**
 * Reminds each class that starts within the next `minutes` and has not been reminded for that start, by SMS (when a
 * template is marked for it) and by Web Push. The claim makes a reminder go at most once, whatever the instances,
 * ticks or restarts (one claimed by an instance that then stopped before sending is not sent again).
 */
export async function remindDueClasses({ db, push, jobs, log, minutes, timeZone, now }: RemindOptions) {
  if (minutes <= 0) return [];
  const claimed = await claimDueClasses(db, now, minutes);
  const sent: Reminded[] = [];
  for (const { live_class_id: liveClassId, starts_at: startsAt } of claimed) {
    const reminder = await classReminder(db, liveClassId, now, timeZone);
    if (!reminder) continue;
    // The SMS is only queued here (the message queue sends it at its pace); a failure leaves the push to go.
    const sendId = await textClassReminder(db, jobs, reminder, startsAt).catch((error: unknown) => {
      log.error({ err: error, liveClassId }, 'class reminder SMS not queued');
      return null;
    });
    const devices = await subscriptionsOf(
      db,
      reminder.recipients.map((r) => r.student_id),
    );
    const ttlSeconds = Math.max(60, Math.round((Date.parse(reminder.startsAt) - now.getTime()) / 1000));
    const result = await push.send(
      devices.map((subscription) => ({ subscription, notice: reminder.notice[subscription.language] })),
      { ttlSeconds, urgency: 'high' },
    );
    await recordPushed(db, liveClassId, startsAt, result.pushed, result.failed);
    sent.push({ liveClassId, students: reminder.recipients.length, ...result, sendId });
  }
  return sent;
}
