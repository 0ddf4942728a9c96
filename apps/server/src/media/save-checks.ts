import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/database.ts';
import { sniff, SNIFF_BYTES } from './file-kinds.ts';
import { materialsDir, mediaDir } from './folders.ts';
import { PdfScan } from './pdf-scan.ts';
import { isProtectedMedia } from './signed-links.ts';
import { findUploadVerdict } from './upload-repository.ts';
import { videoLinkProblem } from './video-address.ts';

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

/**
 * A material's PDF in the materials folder, checked by its content: a PDF, whole, and whether it asks for a password.
 * An upload checked its file on the way in and recorded what it found: while the file is still the one it stored (the
 * same size; its name is its content's hash), that verdict holds and the file is not read again. Any other file (put
 * there by hand or by a content pack, or changed since) is read here.
 */
export async function checkMaterialFile(
  db: Queryable,
  config: Pick<Config, 'MATERIALS_DIR'>,
  fileName: string,
): Promise<{ passwordProtected: boolean } | string> {
  const path = join(materialsDir(config), fileName);
  const found = await stat(path).catch(() => undefined);
  if (!found?.isFile()) return `there is no file ${fileName}; upload the PDF first`;
  const verdict = await findUploadVerdict(db, fileName);
  if (verdict?.bytes === found.size) return { passwordProtected: verdict.passwordProtected };
  return scanStoredPdf(path, fileName);
}

async function scanStoredPdf(path: string, fileName: string): Promise<{ passwordProtected: boolean } | string> {
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
