import type { Database } from '../../db/database.ts';
import { type ApplyOptions, type Counts, applyPack } from './apply-pack.ts';
import { type Problem, readPack } from './read-pack.ts';

export type PackReport = { problems: Problem[]; counts?: undefined } | { problems: []; counts: Counts };

/**
 * The one content-pack importer (command line and console): checks the whole folder, and when nothing is wrong
 * works out (or, with commit, stores) what changes. Any problem means nothing is stored.
 */
export async function importPack(db: Database, folder: string, options: ApplyOptions): Promise<PackReport> {
  const { pack, files, problems } = await readPack(folder);
  if (!pack) return { problems };
  return { problems: [], counts: await applyPack(db, pack, files, options) };
}

export const formatProblem = (p: Problem) => `${p.place}: ${p.message}`;
export const formatCounts = (c: Counts) => `${c.new} new, ${c.updated} updated, ${c.unchanged} unchanged`;
