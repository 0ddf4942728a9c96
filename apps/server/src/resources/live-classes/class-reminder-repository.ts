import type { Queryable } from '../../db/database.ts';

/**
 * Claims each class that starts within the next `minutes` of `now` and has not been reminded for that start: a row in
 * class_reminders, inserted by exactly one caller whatever the instances, ticks or restarts.
 */
export const claimDueClasses = (db: Queryable, now: Date, minutes: number) =>
  db.query<{ live_class_id: number; starts_at: string }>(
    `INSERT INTO class_reminders (live_class_id, starts_at, claimed_at)
     SELECT id, starts_at, $1::timestamptz FROM live_classes
      WHERE starts_at > $1::timestamptz AND starts_at <= $1::timestamptz + make_interval(mins => $2)
     ON CONFLICT DO NOTHING
     RETURNING live_class_id, starts_at::text AS starts_at`,
    [now.toISOString(), minutes],
  );

/** What the reminder's push reached: devices that took it, and those that refused it. */
export const recordPushed = (db: Queryable, liveClassId: number, startsAt: string, pushed: number, failed: number) =>
  db.query(
    'UPDATE class_reminders SET pushed = $3, failed = $4 WHERE live_class_id = $1 AND starts_at = $2::timestamptz',
    [liveClassId, startsAt, pushed, failed],
  );

/** The SMS send the reminder queued. */
export const recordSend = (db: Queryable, liveClassId: number, startsAt: string, sendId: number) =>
  db.query('UPDATE class_reminders SET send_id = $3 WHERE live_class_id = $1 AND starts_at = $2::timestamptz', [
    liveClassId,
    startsAt,
    sendId,
  ]);
