export type FileKind = 'picture' | 'video' | 'pdf';

/** Size caps per kind of file (a course video may be long; a picture or PDF is not); MAX_*_MB change them for uploads. */
export const MAX_BYTES: Record<FileKind, number> = {
  picture: 5 * 1024 * 1024,
  video: 1024 * 1024 * 1024,
  pdf: 50 * 1024 * 1024,
};

export const KIND_NAMES: Record<FileKind, string> = {
  picture: 'a PNG, JPEG or WebP picture',
  video: 'an mp4 or webm video',
  pdf: 'a PDF',
};

/** Bytes enough for `sniff`. */
export const SNIFF_BYTES = 16;

/** The type a file's first bytes show, with the extension it is stored under; the name it came with is not trusted. */
export function sniff(head: Uint8Array): { kind: FileKind; ext: string } | undefined {
  const ascii = (from: number, to: number) => Buffer.from(head.subarray(from, to)).toString('latin1');
  if (head[0] === 0x89 && ascii(1, 8) === 'PNG\r\n\x1a\n') return { kind: 'picture', ext: 'png' };
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { kind: 'picture', ext: 'jpg' };
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return { kind: 'picture', ext: 'webp' };
  if (ascii(4, 8) === 'ftyp') return { kind: 'video', ext: 'mp4' };
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3)
    return { kind: 'video', ext: 'webm' };
  if (ascii(0, 5) === '%PDF-') return { kind: 'pdf', ext: 'pdf' };
  return undefined;
}

export const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
