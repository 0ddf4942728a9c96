import type { Database } from '../../db/database.ts';
import type { PushSender } from '../../push/push-sender.ts';
import { subscriptionsOf } from '../../push/subscription-repository.ts';
import { classReminder } from './class-reminder.ts';

export interface RemindOptions {
  db: Database;
  push: PushSender;
  /** CLASS_REMINDER_MINUTES: 0 reminds nothing. */
  minutes: number;
  timeZone: string;
  /** The clock: the server's, or a test's. */
  now: Date;
}

/**
 * Reminds each class that starts within the next `minutes` and has not been reminded for that start. The claim is a
 * row in class_reminders, inserted by exactly one caller whatever the instances, ticks or restarts: a reminder goes at
 * most once (one claimed by an instance that then stopped before sending is not sent again).
 */
export async function remindDueClasses({ db, push, minutes, timeZone, now }: RemindOptions) {
  if (minutes <= 0) return [];
  const claimed = await db.query<{ live_class_id: number; starts_at: string }>(
    `INSERT INTO class_reminders (live_class_id, starts_at, claimed_at)
     SELECT id, starts_at, $1::timestamptz FROM live_classes
      WHERE starts_at > $1::timestamptz AND starts_at <= $1::timestamptz + make_interval(mins => $2)
     ON CONFLICT DO NOTHING
     RETURNING live_class_id, starts_at::text AS starts_at`,
    [now.toISOString(), minutes],
  );
  const sent: { liveClassId: number; students: number; pushed: number; failed: number }[] = [];
  for (const { live_class_id: liveClassId, starts_at: startsAt } of claimed) {
    const reminder = await classReminder(db, liveClassId, now, timeZone);
    if (!reminder) continue;
    const devices = await subscriptionsOf(
      db,
      reminder.recipients.map((r) => r.student_id),
    );
    const ttlSeconds = Math.max(60, Math.round((Date.parse(reminder.startsAt) - now.getTime()) / 1000));
    const result = await push.send(
      devices.map((subscription) => ({ subscription, notice: reminder.notice[subscription.language] })),
      { ttlSeconds, urgency: 'high' },
    );
    await db.query(
      'UPDATE class_reminders SET pushed = $3, failed = $4 WHERE live_class_id = $1 AND starts_at = $2::timestamptz',
      [liveClassId, startsAt, result.pushed, result.failed],
    );
    sent.push({ liveClassId, students: reminder.recipients.length, ...result });
  }
  return sent;
}
