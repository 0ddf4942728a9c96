import * as z from 'zod/mini';
import { endpoint, envelope, id, studentBody } from './common.ts';

export const subject = z.object({ subject_id: z.number(), subject_name: z.string(), thumbnail: z.string() });
export type Subject = z.infer<typeof subject>;

export const chapter = z.object({
  chapter_id: z.number(),
  chapter_name: z.string(),
  subject_id: z.number(),
  subject_name: z.string(),
});
export type Chapter = z.infer<typeof chapter>;

/** The subjects the student is enrolled in; the list sits at data.data (spec section 7). */
export const getSubjects = endpoint({
  method: 'POST',
  path: '/Student/subjects',
  auth: true,
  body: studentBody({}),
  response: envelope(z.object({ data: z.array(subject) })),
});

export const getChapters = endpoint({
  method: 'POST',
  path: '/Student/chapters',
  auth: true,
  body: studentBody({ sub_id: id }),
  response: envelope(z.array(chapter)),
});
