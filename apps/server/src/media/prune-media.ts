import { lstat, readdir, rm } from 'node:fs/promises';
import { join, posix, relative, sep } from 'node:path';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/database.ts';
import { materialsDir, mediaDir } from './folders.ts';
import { findReferencedFiles } from './referenced-files.ts';
import { addressesUploadedSince } from './upload-repository.ts';

/** An upload waits this long for the save that refers to it (a form left open over lunch, a long video upload). */
export const FRESH_HOURS = 24;

export interface StoredFile {
  /** Absolute path. */
  path: string;
  /** As the operator reads it: `media/…` or `materials/…`. */
  shown: string;
  bytes: number;
}

export interface PruneFindings {
  /** Files nothing refers to, older than a day: what `media prune --yes` removes. */
  unreferenced: StoredFile[];
  /** Files nothing refers to yet, uploaded within the day: kept. */
  fresh: StoredFile[];
}

type Folders = Pick<Config, 'MEDIA_DIR' | 'MATERIALS_DIR'>;

/**
 * The files in the media and materials folders that no row refers to. A file is kept when a row names it, when it
 * belongs to a referenced HLS playlist (its folder and everything below), or when it was written or uploaded within
 * FRESH_HOURS. Links are never followed or listed, so nothing outside the two folders is ever named.
 */
export async function findUnreferencedFiles(db: Queryable, folders: Folders, now = new Date()): Promise<PruneFindings> {
  const since = new Date(now.getTime() - FRESH_HOURS * 3600_000);
  const media = mediaDir(folders);
  const materials = materialsDir(folders);
  const referenced = await findReferencedFiles(db);
  const uploaded = await addressesUploadedSince(db, since);
  const keep = new Set<string>();
  const keepTrees: string[] = [];
  for (const path of referenced.media) {
    const clean = posix.normalize(path);
    if (clean.startsWith('..') || posix.isAbsolute(clean)) continue;
    keep.add(join(media, clean));
    if (clean.endsWith('.m3u8')) keepTrees.push(join(media, posix.dirname(clean), sep));
  }
  for (const name of referenced.materials) keep.add(join(materials, name));
  for (const address of uploaded) {
    keep.add(address.startsWith('/media/') ? join(media, address.slice('/media/'.length)) : join(materials, address));
  }

  const findings: PruneFindings = { unreferenced: [], fresh: [] };
  const seen = new Set<string>();
  for (const [root, label] of [
    [media, 'media'],
    [materials, 'materials'],
  ] as const) {
    for await (const file of filesUnder(root)) {
      if (seen.has(file.path)) continue;
      seen.add(file.path);
      if (keep.has(file.path) || keepTrees.some((tree) => file.path.startsWith(tree))) continue;
      const stored = { path: file.path, shown: `${label}/${relative(root, file.path)}`, bytes: file.bytes };
      (file.changedMs >= since.getTime() ? findings.fresh : findings.unreferenced).push(stored);
    }
  }
  return findings;
}

/** Removes the files `findUnreferencedFiles` found; answers the bytes freed. */
export async function removeFiles(files: StoredFile[]): Promise<number> {
  let freed = 0;
  for (const file of files) {
    await rm(file.path);
    freed += file.bytes;
  }
  return freed;
}

/** Every plain file under `root`, without following links; a missing folder holds none. */
async function* filesUnder(root: string): AsyncGenerator<{ path: string; bytes: number; changedMs: number }> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) {
      const stats = await lstat(path);
      yield { path, bytes: stats.size, changedMs: stats.mtimeMs };
    }
  }
}
