import { createHash } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';

// Keyed by path, size and modification time: a file changed in place gets a new hash, and an unchanged
// one is read once per process.
const known = new Map<string, { size: number; mtimeMs: number; etag: string }>();
const MAX_KNOWN = 10_000;

/**
 * An ETag from the file's content (SHA-256), so every instance gives the same one for the same file,
 * whenever and wherever it was copied (file times differ between instances and across restores).
 */
export async function contentEtag(file: string, stats: Pick<Stats, 'size' | 'mtimeMs'>): Promise<string> {
  const hit = known.get(file);
  if (hit && hit.size === stats.size && hit.mtimeMs === stats.mtimeMs) return hit.etag;
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  const etag = `"${hash.digest('base64url').slice(0, 32)}"`;
  if (known.size >= MAX_KNOWN) known.clear();
  known.set(file, { size: stats.size, mtimeMs: stats.mtimeMs, etag });
  return etag;
}

/** Whether an If-None-Match header matches `etag` (a list, weak validators and `*` included). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
