import * as z from 'zod/mini';
import { envelope } from '../common.ts';
import { adminsOnly, consoleEndpoint } from './common.ts';

export const auditEntry = z.object({
  id: z.number(),
  /** ISO time of the change. */
  at: z.string(),
  /**
   * `Name (role)`, `command line` for a change made at the server itself, or `system` for what the server did by
   * itself (a class reminder's SMS).
   */
  actor: z.string(),
  /** `entity.verb`: `student.deactivate`, `staff.add`. */
  action: z.string(),
  entity: z.string(),
  entity_id: z.nullable(z.string()),
  /** What was changed as a person knows it (a student's name, a material's title, an upload's file name), when known. */
  label: z.nullable(z.string()),
  /** The thing as it was and as it became (null when created or removed). */
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** A calendar day in the institute's time zone. */
const day = (field: string) =>
  z.string().check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date written YYYY-MM-DD`),
    z.refine(
      (text) =>
        !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text),
      `${field} is not a date of the calendar`,
    ),
  );

const text = (field: string) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, `${field} is empty`), z.maxLength(100, `${field} must be at most 100 characters`));

const auditCursor = z.object({
  at: z.iso.datetime({ offset: true, message: 'after.at is not a time' }),
  id: z.number().check(z.int(), z.gte(1)),
});

/** The audit log, newest first, a page at a time; filters combine. Admins only. */
export const listAuditLog = consoleEndpoint({
  method: 'POST',
  path: '/AuditLog/list',
  roles: adminsOnly,
  body: z.strictObject({
    /** Changes by one staff member. */
    staff_id: z.optional(z.number().check(z.int(), z.gte(1))),
    action: z.optional(text('action')),
    entity: z.optional(text('entity')),
    /** With `entity`: one thing's history. */
    entity_id: z.optional(text('entity_id')),
    /** First and last day, both included. */
    from: z.optional(day('from')),
    to: z.optional(day('to')),
    /** The `next` of the previous page. */
    after: z.optional(auditCursor),
    limit: z._default(z.number().check(z.int(), z.gte(1), z.lte(100)), 50),
  }),
  response: envelope(z.object({ entries: z.array(auditEntry), next: z.nullable(auditCursor) })),
});
