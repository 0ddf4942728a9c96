import * as z from 'zod/mini';
import { envelope, id } from '../common.ts';
import { consoleEndpoint, everyStaffRole } from './common.ts';

// Batches of a subject and their live classes. Times travel as the institute's wall-clock time
// (INSTITUTE_TIMEZONE, 'YYYY-MM-DDTHH:MM'), as staff think of them; students' screens show the same.

const text = (field: string, max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${field} is required`),
      z.maxLength(max, `${field} must be at most ${max} characters`),
    );

/** A date and time in the institute's time zone, without offset: 2026-12-01T09:00. */
const localTime = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'starts_at must be a date and time like 2026-12-01T09:00'),
  // 2026-02-30 or 25:00 read as another day by Date: a real calendar time reads back as itself.
  z.refine(
    (value) => !Number.isNaN(Date.parse(`${value}Z`)) && new Date(`${value}Z`).toISOString().slice(0, 16) === value,
    'starts_at is not a real date and time',
  ),
);

const meetingLink = z
  .string()
  .check(
    z.trim(),
    z.maxLength(1000, 'online_url must be at most 1000 characters'),
    z.regex(/^https:\/\/[a-z0-9.-]+(:\d+)?([/?#]\S*)?$/i, 'online_url must be an https address'),
  );

export const scheduledClass = z.object({
  id: z.number(),
  class_name: z.string(),
  tutor_name: z.string(),
  online_url: z.string(),
  /** ISO 8601 in UTC. */
  starts_at: z.string(),
  /** The same moment on the institute's clock, 'YYYY-MM-DDTHH:MM'. */
  starts_local: z.string(),
  duration_minutes: z.number(),
});
export type ScheduledClass = z.infer<typeof scheduledClass>;

export const scheduledBatch = z.object({ id: z.number(), name: z.string(), classes: z.array(scheduledClass) });
export type ScheduledBatch = z.infer<typeof scheduledBatch>;

/** How classes remind their batch (docs/decisions/075 and 076), for the schedule to say. */
export const classReminders = z.object({
  /** CLASS_REMINDER_MINUTES: how long before a class; 0, reminders are off. */
  minutes: z.number(),
  /** The template texted to the batch ("Use for class reminders" under Message templates), or null: no SMS. */
  sms_template: z.nullable(z.string()),
});
export type ClassReminders = z.infer<typeof classReminders>;

/**
 * A subject's batches, each with its classes from three days ago on (at most 100 each), the institute's time zone,
 * and how classes remind their batch.
 */
export const listSchedule = consoleEndpoint({
  method: 'POST',
  path: '/Schedule/list',
  roles: everyStaffRole,
  body: z.strictObject({ subject_id: id }),
  response: envelope(z.object({ time_zone: z.string(), batches: z.array(scheduledBatch), reminders: classReminders })),
});

/** Adds a batch to a subject (no `id`) or renames one. */
export const saveBatch = consoleEndpoint({
  method: 'POST',
  path: '/Batch/save',
  roles: everyStaffRole,
  body: z.strictObject({ id: z.optional(id), subject_id: z.optional(id), name: text('name', 200) }),
  response: envelope(z.object({ id: z.number(), name: z.string() })),
});

/** Deletes a batch with no classes left. */
export const deleteBatch = consoleEndpoint({
  method: 'POST',
  path: '/Batch/delete',
  roles: everyStaffRole,
  body: z.strictObject({ id }),
  response: envelope(z.null()),
});

const classFields = {
  class_name: text('class_name', 200),
  tutor_name: text('tutor_name', 100),
  online_url: meetingLink,
  starts_at: localTime,
  duration_minutes: z
    .int('duration_minutes must be whole minutes')
    .check(z.gte(5, 'duration_minutes must be at least 5'), z.lte(600, 'duration_minutes must be at most 600')),
};

/**
 * Adds a class to a batch, and with `repeat_weeks` the same class on the same weekday at the same time on the
 * institute's clock for that many more weeks (at most 52).
 */
export const addLiveClasses = consoleEndpoint({
  method: 'POST',
  path: '/LiveClass/add',
  roles: everyStaffRole,
  body: z.strictObject({
    batch_id: id,
    ...classFields,
    repeat_weeks: z._default(
      z.int('repeat_weeks must be a whole number').check(z.gte(0), z.lte(52, 'repeat_weeks must be at most 52')),
      0,
    ),
  }),
  response: envelope(z.object({ added: z.array(scheduledClass) })),
});

/** Changes one class. */
export const saveLiveClass = consoleEndpoint({
  method: 'POST',
  path: '/LiveClass/save',
  roles: everyStaffRole,
  body: z.strictObject({ id, ...classFields }),
  response: envelope(scheduledClass),
});

/** Cancels one class: students no longer see it. */
export const deleteLiveClass = consoleEndpoint({
  method: 'POST',
  path: '/LiveClass/delete',
  roles: everyStaffRole,
  body: z.strictObject({ id }),
  response: envelope(z.null()),
});
