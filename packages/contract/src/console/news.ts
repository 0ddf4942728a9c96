import * as z from 'zod/mini';
import { envelope, id } from '../common.ts';
import { consoleEndpoint, everyStaffRole } from './common.ts';

/** A news item as staff see it: drafts and scheduled items too. `heading` and `body` are stored sanitised. */
export const managedNews = z.object({
  id: z.number(),
  heading: z.string(),
  body: z.string(),
  /** A picture's address under /media, or ''. */
  image: z.string(),
  /** null: a draft. Ahead of now: scheduled. */
  published_at: z.nullable(z.string()),
  status: z.enum(['draft', 'scheduled', 'published']),
  updated_at: z.string(),
});
export type ManagedNews = z.infer<typeof managedNews>;

/** Every item not deleted, the most recently changed first (at most 100). */
export const listManagedNews = consoleEndpoint({
  method: 'POST',
  path: '/News/list',
  roles: everyStaffRole,
  body: z.optional(z.strictObject({})),
  response: envelope(z.object({ items: z.array(managedNews) })),
});

const heading = z
  .string()
  .check(z.trim(), z.minLength(1, 'heading is required'), z.maxLength(300, 'heading must be at most 300 characters'));
const body = z.string().check(z.maxLength(100_000, 'body must be at most 100,000 characters'));
const image = z.string().check(
  z.trim(),
  z.maxLength(500, 'image must be at most 500 characters'),
  z.refine(
    (value) => value === '' || /^\/media\/[\w./-]+$/.test(value),
    'image must be an address under /media/, or empty',
  ),
);

/** Adds an item (no `id`, as a draft) or changes one; HTML is sanitised before it is stored. */
export const saveNews = consoleEndpoint({
  method: 'POST',
  path: '/News/save',
  roles: everyStaffRole,
  body: z.strictObject({ id: z.optional(id), heading, body: z._default(body, ''), image: z._default(image, '') }),
  response: envelope(managedNews),
});

/**
 * Publishes now, at a time (`at`, ISO with offset), or takes an item back to draft (`at: null`). `notify`: also
 * announce it by Web Push to every student who allowed notifications, once, when it is published (docs/decisions/075).
 */
export const publishNews = consoleEndpoint({
  method: 'POST',
  path: '/News/publish',
  roles: everyStaffRole,
  body: z.strictObject({
    id,
    at: z.optional(z.nullable(z.iso.datetime({ offset: true, message: 'at must be a time with its offset' }))),
    notify: z.optional(z.boolean()),
  }),
  response: envelope(managedNews),
});

/** Deletes softly: students no longer see it; the record stays, and the audit log has what it held. */
export const deleteNews = consoleEndpoint({
  method: 'POST',
  path: '/News/delete',
  roles: everyStaffRole,
  body: z.strictObject({ id }),
  response: envelope(z.null()),
});
