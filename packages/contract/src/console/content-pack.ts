import * as z from 'zod/mini';
import { envelope } from '../common.ts';
import { consoleEndpoint, everyStaffRole } from './common.ts';

/** The largest content-pack zip the console takes (bytes); larger courses go through `import content` at the server. */
export const MAX_CONTENT_PACK_BYTES = 50 * 1024 * 1024;

/**
 * The zip is not JSON: its bytes are the body (Content-Type: application/zip, or application/octet-stream), streamed
 * by the server to a temporary file. Base64 in JSON made a 50 MB zip 67 MB whose parsing, pattern check and decoding
 * each held the server's thread for about a second (docs/decisions/049, "Content packs").
 */
export const CONTENT_PACK_TYPES = ['application/zip', 'application/octet-stream'] as const;
const packBytes = { contentTypes: CONTENT_PACK_TYPES, maxBytes: MAX_CONTENT_PACK_BYTES } as const;

export const contentPackProblem = z.object({ place: z.string(), message: z.string() });
export type ContentPackProblem = z.infer<typeof contentPackProblem>;
const contentPackReport = z.object({
  /** Every problem with its place in content.yaml; when there is any, nothing was (or would be) stored. */
  problems: z.array(contentPackProblem),
  counts: z.nullable(z.object({ new: z.number(), updated: z.number(), unchanged: z.number() })),
});

/** Checks a zipped content pack and answers what importing it would change; stores nothing. */
export const previewContentPack = {
  ...consoleEndpoint({
    method: 'POST',
    path: '/Content/import_preview',
    roles: everyStaffRole,
    body: undefined,
    response: envelope(contentPackReport),
  }),
  /** No JSON body: the zip's bytes themselves. */
  bytes: packBytes,
};

/** Checks the zip again and, when nothing is wrong, stores all of it in one transaction (recorded in the audit log). */
export const commitContentPack = {
  ...consoleEndpoint({
    method: 'POST',
    path: '/Content/import_commit',
    roles: everyStaffRole,
    body: undefined,
    response: envelope(contentPackReport),
  }),
  /** No JSON body: the zip's bytes again (the same file the preview checked). */
  bytes: packBytes,
};
