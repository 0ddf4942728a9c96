import type { PushNotice } from '@portal/contract/push';
import type { Queryable } from '../../db/database.ts';

export interface ReminderRecipient {
  student_id: number;
  name: string;
  phone_code: string;
  mobile: string;
}

/**
 * Everything a reminder of one class says and to whom: the Web Push leg sends `notice` to the recipients' devices;
 * an SMS leg (a DLT template, not built yet) takes the same recipients and `values`.
 */
export interface ClassReminder {
  liveClassId: number;
  /** ISO, UTC. */
  startsAt: string;
  /** The values a template fills: class_name, batch_name, tutor_name, time (institute clock), minutes. */
  values: { class_name: string; batch_name: string; tutor_name: string; time: string; minutes: number };
  /** The class's page in the student app (its batch's list, where Join is). */
  url: string;
  /** Active students of the class's batch who are enrolled in its subject. */
  recipients: ReminderRecipient[];
  /** The notice in each language of the app. */
  notice: Record<'en' | 'hi', PushNotice>;
}

/** The reminder of a class as of `now`, or undefined when the class is gone. */
export async function classReminder(
  db: Queryable,
  liveClassId: number,
  now: Date,
  timeZone: string,
): Promise<ClassReminder | undefined> {
  const [row] = await db.query<{
    class_name: string;
    tutor_name: string;
    batch_name: string;
    batch_id: number;
    subject_id: number;
    starts_at: string;
  }>(
    `SELECT c.class_name, c.tutor_name, b.name AS batch_name, b.id AS batch_id, b.subject_id,
            to_char(c.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS starts_at
       FROM live_classes c JOIN batches b ON b.id = c.batch_id
      WHERE c.id = $1`,
    [liveClassId],
  );
  if (!row) return undefined;
  const recipients = await db.query<ReminderRecipient>(
    `SELECT s.id AS student_id, s.name, s.phone_code, s.mobile
       FROM reachable_batches r JOIN students s ON s.id = r.student_id
      WHERE r.batch_id = $1 AND s.active
      ORDER BY s.id`,
    [row.batch_id],
  );
  const starts = new Date(row.starts_at);
  const minutes = Math.max(1, Math.round((starts.getTime() - now.getTime()) / 60_000));
  const values = {
    class_name: row.class_name,
    batch_name: row.batch_name,
    tutor_name: row.tutor_name,
    time: clockTime(starts, timeZone),
    minutes,
  };
  const url = `/live-classes/${row.subject_id}/${row.batch_id}`;
  const tag = `class-${liveClassId}`;
  return {
    liveClassId,
    startsAt: row.starts_at,
    values,
    url,
    recipients,
    notice: {
      en: {
        title: `${values.class_name} starts in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
        body: `${values.batch_name}, with ${values.tutor_name}, at ${values.time}. Tap to open the class.`,
        url,
        tag,
      },
      hi: {
        title: `${values.class_name} ${minutes} मिनट में शुरू होगी`,
        body: `${values.batch_name}, ${values.tutor_name} के साथ, ${values.time} बजे। कक्षा खोलने के लिए टैप करें।`,
        url,
        tag,
      },
    },
  };
}

/** 4:30 pm on the institute's clock. */
const clockTime = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-IN', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true }).format(at);
