import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { Config } from '../../config.ts';
import { materialsDir, mediaDir } from '../../file-folders.ts';
import { isProtectedMedia } from '../../http/media-links.ts';
import { videoLinkProblem } from '../content-pack/pack-files.ts';
import { sniff, SNIFF_BYTES } from '../media/file-kinds.ts';
import { PdfScan } from '../media/pdf-scan.ts';

/**
 * What is wrong with a topic's video address, or undefined: a file under /media/ must be a video that is there
 * (an upload's answer); anything else must be an https YouTube, Vimeo or HLS (.m3u8) address.
 */
export async function checkVideoLink(config: Pick<Config, 'MEDIA_DIR'>, link: string): Promise<string | undefined> {
  if (!link.startsWith('/media/')) return videoLinkProblem(link);
  const path = posix.normalize(link.slice('/media/'.length));
  if (path.startsWith('..') || path.startsWith('/') || path.startsWith('v/'))
    return `${link} is not a file under /media/`;
  if (!isProtectedMedia(path)) return `${link} is not a video (mp4, webm or an .m3u8 playlist)`;
  const found = await stat(join(mediaDir(config), path)).catch(() => undefined);
  return found?.isFile() ? undefined : `there is no file ${link}; upload the video first`;
}

/** A material's PDF in the materials folder, checked by its content: a PDF, whole, and whether it asks for a password. */
export async function checkMaterialFile(
  config: Pick<Config, 'MATERIALS_DIR'>,
  fileName: string,
): Promise<{ passwordProtected: boolean } | string> {
  const path = join(materialsDir(config), fileName);
  const found = await stat(path).catch(() => undefined);
  if (!found?.isFile()) return `there is no file ${fileName}; upload the PDF first`;
  const scan = new PdfScan();
  let head: Buffer | undefined;
  for await (const chunk of createReadStream(path)) {
    head ??= (chunk as Buffer).subarray(0, SNIFF_BYTES);
    scan.update(chunk as Buffer);
  }
  if (!head || sniff(head)?.kind !== 'pdf') return `${fileName} is not a PDF (by its content)`;
  if (!scan.complete) return `${fileName} is cut short (it has no end marker)`;
  return { passwordProtected: scan.encrypted };
}
