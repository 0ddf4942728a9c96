import type { FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { notFound } from '../http/api-error.ts';
import { contentEtag, etagMatches } from './content-etag.ts';
import { documentHeaders } from '../http/security-headers.ts';
import { parseByteRange } from './byte-range.ts';

/** A file name that is safe inside a quoted header value and on any file system. */
export const safeFileName = (name: string) => {
  const base = name
    .replace(/\.pdf$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 100);
  return `${base || 'document'}.pdf`;
};

/**
 * Sends a PDF with range support (pdf.js fetches the parts it needs first), validators for revalidation,
 * and caching limited to the student's own browser: `no-cache` makes every reuse come back here, where the
 * session is checked again, and `Vary: Token` keeps one student's copy from answering another's request.
 */
export async function sendPdf(request: FastifyRequest, reply: FastifyReply, file: string, downloadName: string) {
  const stats = await stat(file).catch(() => undefined);
  if (!stats?.isFile()) {
    request.log.error({ file }, 'study material file is missing');
    throw notFound('That material');
  }
  const size = stats.size;
  // From the content: every instance, and every copy of the file after a restore, gives the same one.
  const etag = await contentEtag(file, stats);
  const name = safeFileName(downloadName);
  reply.headers({
    // A PDF opened on its own is a page in the browser's viewer, not API data.
    ...documentHeaders,
    'content-type': 'application/pdf',
    'content-disposition': `inline; filename="${name}"`,
    'cache-control': 'private, no-cache',
    vary: 'Token',
    'accept-ranges': 'bytes',
    etag,
    'last-modified': stats.mtime.toUTCString(),
  });
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();

  const ifRange = request.headers['if-range'];
  const range = ifRange === undefined || ifRange === etag ? parseByteRange(request.headers.range, size) : undefined;
  if (range === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-range', `bytes */${size}`)
      .send({ status: false, message: 'That part of the file does not exist.' });
  }
  if (!range) return reply.status(200).header('content-length', size).send(createReadStream(file));
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(createReadStream(file, { start: range.start, end: range.end }));
}
