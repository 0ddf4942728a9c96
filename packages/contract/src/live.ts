import * as z from 'zod/mini';
import { endpoint, envelope, id, studentBody } from './common.ts';

export const batch = z.object({ batch_id: z.number(), batch_name: z.string() });
export type Batch = z.infer<typeof batch>;

export const liveClass = z.object({
  id: z.number(),
  batch_name: z.string(),
  class_name: z.string(),
  tutor_name: z.string(),
  online_url: z.string(),
  /** ISO 8601 start time (UTC); shown in the student's local time. */
  starts_at: z.string(),
  duration_minutes: z.number(),
  /** Where the class belongs, so /live can lead back to its list. */
  batch_id: z.number(),
  subject_id: z.number(),
});
export type LiveClass = z.infer<typeof liveClass>;

/** The batches of one of the student's subjects. */
export const getBatches = endpoint({
  method: 'POST',
  path: '/Student/batches',
  auth: true,
  body: studentBody({ sub_id: id }),
  response: envelope(z.array(batch)),
});

/**
 * A batch's live classes from three days ago onwards, by start time (at most 50); the batch must belong to
 * sub_id and sub_id to the student's subjects.
 */
export const getLiveClasses = endpoint({
  method: 'POST',
  path: '/Student/live_classes',
  auth: true,
  body: studentBody({ batch_id: id, sub_id: id }),
  response: envelope(z.array(liveClass)),
});
