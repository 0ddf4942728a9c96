import { createHash } from 'node:crypto';
import { open, realpath } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, sep } from 'node:path';

export type FileKind = 'picture' | 'video' | 'pdf';

/** Size caps per kind of file (a course video may be long; a picture or PDF is not). */
export const MAX_BYTES: Record<FileKind, number> = { picture: 5 * 1024 * 1024, video: 1024 * 1024 * 1024, pdf: 50 * 1024 * 1024 };

const what: Record<FileKind, string> = { picture: 'a PNG, JPEG or WebP picture', video: 'an mp4 or webm video', pdf: 'a PDF' };

/** The type a file's first bytes show, with the extension it is stored under; the name it came with is not trusted. */
export function sniff(head: Uint8Array): { kind: FileKind; ext: string } | undefined {
  const ascii = (from: number, to: number) => Buffer.from(head.subarray(from, to)).toString('latin1');
  if (head[0] === 0x89 && ascii(1, 8) === 'PNG\r\n\x1a\n') return { kind: 'picture', ext: 'png' };
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { kind: 'picture', ext: 'jpg' };
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return { kind: 'picture', ext: 'webp' };
  if (ascii(4, 8) === 'ftyp') return { kind: 'video', ext: 'mp4' };
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return { kind: 'video', ext: 'webm' };
  if (ascii(0, 5) === '%PDF-') return { kind: 'pdf', ext: 'pdf' };
  return undefined;
}

export interface PackFile {
  /** Absolute path inside the pack folder. */
  path: string;
  kind: FileKind;
  ext: string;
  /** The generated name it is stored under: its content's hash, so the same file imported again is the same file. */
  storedName: string;
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
  if (relative(root, path).startsWith(`..${sep}`) || relative(root, path) === '..') return `${name} must be a path inside the pack's folder`;
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
    if (!type || type.kind !== expected) return `${name} is not ${what[expected]} (by its content)`;
    const hash = createHash('sha256');
    for await (const chunk of handle.createReadStream({ autoClose: false, start: 0 })) hash.update(chunk as Buffer);
    return { path, kind: type.kind, ext: type.ext, storedName: `${hash.digest('hex').slice(0, 32)}.${type.ext}` };
  } finally {
    await handle.close();
  }
}

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Whether a name is meant as a file of the pack rather than an address (video: a file or an https link). */
export const looksLikeFile = (value: string) => !/^[a-z][a-z0-9+.-]*:/i.test(value);

/** A video address students may be sent to: https, and YouTube, Vimeo or an HLS playlist (.m3u8). */
export function videoLinkProblem(link: string): string | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return `${link} is not an address`;
  }
  if (url.protocol !== 'https:') return `${link} must be an https address`;
  const host = url.hostname.toLowerCase();
  const youtube = ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'www.youtube-nocookie.com'].includes(host);
  const vimeo = host === 'vimeo.com' || host === 'www.vimeo.com' || host === 'player.vimeo.com';
  if (youtube || vimeo || extname(url.pathname).toLowerCase() === '.m3u8') return undefined;
  return `${link} must be a YouTube, Vimeo or .m3u8 (HLS) address`;
}

export function meetingLinkProblem(link: string): string | undefined {
  try {
    return new URL(link).protocol === 'https:' ? undefined : `${link} must be an https address`;
  } catch {
    return `${link} is not an address`;
  }
}
