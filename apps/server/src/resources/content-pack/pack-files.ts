import { createHash } from 'node:crypto';
import { open, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { type FileKind, KIND_NAMES, MAX_BYTES, megabytes, PdfScan, sniff } from '../../media/index.ts';

export interface PackFile {
  /** Absolute path inside the pack folder. */
  path: string;
  kind: FileKind;
  ext: string;
  /** The generated name it is stored under: its content's hash, so the same file imported again is the same file. */
  storedName: string;
  /** A PDF that asks for a password before it opens. */
  passwordProtected: boolean;
}

/**
 * Checks one file a pack names: inside the folder (no absolute paths, no `..`, no link out of it), there, of the
 * kind expected by its content, within its cap. Answers the file or the problem.
 */
export async function checkPackFile(folder: string, name: string, expected: FileKind): Promise<PackFile | string> {
  if (isAbsolute(name) || name.split(/[\\/]/).includes('..')) return `${name} must be a path inside the pack's folder`;
  let path: string;
  try {
    path = await realpath(join(folder, name));
  } catch {
    return `there is no file ${name} in the pack`;
  }
  const root = await realpath(folder);
  if (relative(root, path).startsWith(`..${sep}`) || relative(root, path) === '..')
    return `${name} must be a path inside the pack's folder`;
  let handle;
  try {
    handle = await open(path, 'r');
  } catch {
    return `${name} cannot be read`;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return `${name} is not a file`;
    if (stats.size > MAX_BYTES[expected]) {
      return `${name} is ${megabytes(stats.size)} MB; the largest ${expected} accepted is ${megabytes(MAX_BYTES[expected])} MB`;
    }
    const head = new Uint8Array(16);
    await handle.read(head, 0, 16, 0);
    const type = sniff(head);
    if (!type || type.kind !== expected) return `${name} is not ${KIND_NAMES[expected]} (by its content)`;
    const hash = createHash('sha256');
    const pdf = type.kind === 'pdf' ? new PdfScan() : undefined;
    for await (const chunk of handle.createReadStream({ autoClose: false, start: 0 })) {
      hash.update(chunk as Buffer);
      pdf?.update(chunk as Buffer);
    }
    return {
      path,
      kind: type.kind,
      ext: type.ext,
      storedName: `${hash.digest('hex').slice(0, 32)}.${type.ext}`,
      passwordProtected: pdf?.encrypted ?? false,
    };
  } finally {
    await handle.close();
  }
}

/** Whether a name is meant as a file of the pack rather than an address (video: a file or an https link). */
export const looksLikeFile = (value: string) => !/^[a-z][a-z0-9+.-]*:/i.test(value);

export function meetingLinkProblem(link: string): string | undefined {
  try {
    return new URL(link).protocol === 'https:' ? undefined : `${link} must be an https address`;
  } catch {
    return `${link} is not an address`;
  }
}
