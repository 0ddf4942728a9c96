import * as z from 'zod/mini';
import { envelope } from '../common.ts';
import { consoleEndpoint, everyStaffRole } from './common.ts';

/** The largest content-pack zip the console takes (bytes); larger courses go through `import content` at the server. */
export const MAX_CONTENT_PACK_BYTES = 50 * 1024 * 1024;

const packZip = z.strictObject({
  /** The zip's bytes, base64: the server checks the encoding, the archive and every file in it. */
  file: z.string().check(
    z.minLength(1, 'file is empty'),
    z.maxLength(Math.ceil(MAX_CONTENT_PACK_BYTES / 3) * 4, `file is larger than ${MAX_CONTENT_PACK_BYTES / 1024 / 1024} MB`),
    z.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'file must be base64'),
  ),
});

export const contentPackProblem = z.object({ place: z.string(), message: z.string() });
export type ContentPackProblem = z.infer<typeof contentPackProblem>;
const contentPackReport = z.object({
  /** Every problem with its place in content.yaml; when there is any, nothing was (or would be) stored. */
  problems: z.array(contentPackProblem),
  counts: z.nullable(z.object({ new: z.number(), updated: z.number(), unchanged: z.number() })),
});

/** Checks a zipped content pack and answers what importing it would change; stores nothing. */
export const previewContentPack = consoleEndpoint({
  method: 'POST',
  path: '/Content/import_preview',
  roles: everyStaffRole,
  body: packZip,
  response: envelope(contentPackReport),
});

/** Checks the zip again and, when nothing is wrong, stores all of it in one transaction (recorded in the audit log). */
export const commitContentPack = consoleEndpoint({
  method: 'POST',
  path: '/Content/import_commit',
  roles: everyStaffRole,
  body: packZip,
  response: envelope(contentPackReport),
});
