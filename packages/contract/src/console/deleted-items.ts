import * as z from 'zod/mini';
import { envelope, id } from '../common.ts';
import { consoleEndpoint, everyStaffRole } from './common.ts';

/** How many deleted items of a kind the console lists, newest deletion first. */
export const DELETED_LIST_LIMIT = 200;

/** A topic or quiz hidden by "Delete" because students had used it; where it was, and when it went. */
export const deletedItem = z.object({
  id: z.number(),
  name: z.string(),
  subject_name: z.string(),
  chapter_id: z.number(),
  chapter_name: z.string(),
  /** ISO 8601. */
  deleted_at: z.string(),
  /** Students who watched the topic, or attempts of the quiz: what its deletion kept. */
  kept: z.number(),
});
export type DeletedItem = z.infer<typeof deletedItem>;

const deletedList = envelope(z.object({ items: z.array(deletedItem) }));

export const listDeletedTopics = consoleEndpoint({
  method: 'POST',
  path: '/Topic/deleted',
  roles: everyStaffRole,
  body: z.optional(z.strictObject({})),
  response: deletedList,
});

/** Brings a hidden topic back to its chapter, where it was; its watch history was kept. */
export const restoreTopic = consoleEndpoint({
  method: 'POST',
  path: '/Topic/restore',
  roles: everyStaffRole,
  body: z.strictObject({ id }),
  response: envelope(z.null()),
});

export const listDeletedQuizzes = consoleEndpoint({
  method: 'POST',
  path: '/Quiz/deleted',
  roles: everyStaffRole,
  body: z.optional(z.strictObject({})),
  response: deletedList,
});

/** Brings a hidden quiz back to its chapter with its questions and attempts. */
export const restoreQuiz = consoleEndpoint({
  method: 'POST',
  path: '/Quiz/restore',
  roles: everyStaffRole,
  body: z.strictObject({ id }),
  response: envelope(z.null()),
});
