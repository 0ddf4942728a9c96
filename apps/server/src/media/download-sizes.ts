import { readdir, stat } from 'node:fs/promises';
import { join, posix } from 'node:path';

// How many bytes a download of a stored video costs the student, shown before they choose (docs/decisions/077).

/** A ladder's step and what downloading it fetches: its playlist, init segment and segments. */
export interface StepFiles {
  name: string;
  height: number;
  bytes: number;
  playlist: string;
}

// A ladder's folder never changes under its name (its name carries the encoding's version, docs/decisions/074):
// its sizes are read once. The oldest are forgotten first.
const REMEMBERED_LADDERS = 2_000;
const ladders = new Map<string, StepFiles[]>();

/**
 * The steps of the ladder whose master playlist is `playlist` (a /media/ address), lowest first, each with the
 * bytes of its files; empty when the folder cannot be read.
 */
export async function ladderStepSizes(mediaRoot: string, playlist: string): Promise<StepFiles[]> {
  const folder = posix.dirname(playlist.slice('/media/'.length));
  const known = ladders.get(folder);
  if (known) return known;
  const names = await readdir(join(mediaRoot, folder)).catch(() => [] as string[]);
  const steps = new Map<string, StepFiles>();
  for (const name of names) {
    const match = /^(\d+)p(?:\.m3u8|-init\.m4s|-\d+\.m4s)$/.exec(name);
    if (!match) continue;
    const size = (await stat(join(mediaRoot, folder, name)).catch(() => undefined))?.size ?? 0;
    const stepName = `${match[1]}p`;
    const step = steps.get(stepName) ?? {
      name: stepName,
      height: Number(match[1]),
      bytes: 0,
      playlist: `/media/${folder}/${stepName}.m3u8`,
    };
    step.bytes += size;
    steps.set(stepName, step);
  }
  const found = [...steps.values()].sort((a, b) => a.height - b.height);
  if (found.length) {
    if (ladders.size >= REMEMBERED_LADDERS) ladders.delete(ladders.keys().next().value!);
    ladders.set(folder, found);
  }
  return found;
}

/** The size of a stored file (a /media/ address), or undefined when it is not there. */
export async function mediaFileSize(mediaRoot: string, address: string): Promise<number | undefined> {
  const path = posix.normalize(address.slice('/media/'.length));
  if (path.startsWith('..') || posix.isAbsolute(path)) return undefined;
  const stats = await stat(join(mediaRoot, path)).catch(() => undefined);
  return stats?.isFile() ? stats.size : undefined;
}
