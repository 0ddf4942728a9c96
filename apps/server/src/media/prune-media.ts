import { lstat, readdir, rm } from 'node:fs/promises';
import { join, posix, relative, sep } from 'node:path';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/database.ts';
import { materialsDir, mediaDir } from './folders.ts';
import { findReferencedFiles, type ReferencedFiles } from './referenced-files.ts';
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
  const place = placeOf(media, materials);
  const { files: keep, trees: keepTrees } = keptPlaces(await findReferencedFiles(db), place);
  // The same file uploaded again is stored once, under its first upload's time: the upload's record says it is fresh.
  const uploadedAgain = new Set([...(await addressesUploadedSince(db, since))].map(place));

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
      const fresh = file.changedMs >= since.getTime() || uploadedAgain.has(file.path);
      (fresh ? findings.fresh : findings.unreferenced).push(stored);
    }
  }
  return findings;
}

/** Where a stored address is on disk: `/media/…` under the media folder, a bare name in the materials folder. */
const placeOf = (media: string, materials: string) => (address: string) =>
  address.startsWith('/media/') ? join(media, address.slice('/media/'.length)) : join(materials, address);

/** The files rows refer to, and the folders of referenced HLS playlists (their segments sit beside or below them). */
function keptPlaces(referenced: ReferencedFiles, place: (address: string) => string) {
  const files = new Set<string>();
  const trees: string[] = [];
  for (const path of referenced.media) {
    const clean = posix.normalize(path);
    if (clean.startsWith('..') || posix.isAbsolute(clean)) continue;
    files.add(place(`/media/${clean}`));
    if (clean.endsWith('.m3u8')) trees.push(join(place(`/media/${posix.dirname(clean)}`), sep));
  }
  for (const name of referenced.materials) files.add(place(name));
  return { files, trees };
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
