import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { Readable } from 'node:stream';
import { mediaDir } from './folders.ts';
import { serverSecret } from '../server-secret.ts';
import { contentEtag, etagMatches } from './content-etag.ts';
import { findSessionStudentReaching } from '../sessions/session-repository.ts';
import { isProtectedMedia, mediaLinkHolder } from './signed-links.ts';

const SIGNED_ROUTE = '/media/v/:signature/*';

/**
 * How long a browser keeps a signed file. A video file: a minute, then it asks again (an ETag makes that a 304), so no
 * copy outlives the check by more than a minute (docs/decisions/048). A stream's playlist: not at all, so every play
 * asks the server, which checks the link. A stream's segment: a year, as it never changes under its name (a ladder's
 * folder names its encoding, docs/decisions/074) and a student on a data pack should not fetch it twice; the playlist
 * that names it is refused once the session or enrolment ends.
 */
export function signedCacheControl(path: string) {
  if (path.endsWith('.m3u8')) return 'private, no-cache';
  if (/\.(ts|m4s|aac|vtt)$/i.test(path)) return 'private, max-age=31536000, immutable';
  return 'private, max-age=60';
}

/**
 * Course media at /media/: thumbnails and news images for anyone, topic videos only through a signed link
 * (http/media-links.ts), both with range requests.
 */
export async function registerMedia(app: FastifyInstance) {
  const mediaRoot = mediaDir(app.config);
  // Only on the media routes: a hook on every answer would cost every API call a promise.
  app.addHook('onRoute', (route) => {
    if (route.url === SIGNED_ROUTE || route.url === '/media/*')
      route.onSend = [...[route.onSend ?? []].flat(), contentValidators];
  });
  await app.register(fastifyStatic, {
    root: mediaRoot,
    prefix: '/media/',
    index: false,
    maxAge: '7d',
    // Validators from content (set below), not from file times, which differ between instances.
    etag: false,
    lastModified: false,
    // Videos only through the signed route below (reply.sendFile passes this check too).
    allowedPath: (path, _root, request) => !isProtectedMedia(path) || request.routeOptions.url === SIGNED_ROUTE,
  });

  const key = serverSecret(app.config.AUTH_SECRET);
  app.get<{ Params: { signature: string; '*': string } }>(SIGNED_ROUTE, async (request, reply) => {
    const path = posix.normalize(request.params['*']);
    const holder =
      path.startsWith('..') || posix.isAbsolute(path)
        ? undefined
        : mediaLinkHolder(request.params.signature, path, key);
    // The session the link was given to must still live, and its student still be enrolled in the topic's subject: a
    // link stops working with its session's Logout (docs/decisions/041) and with the enrolment (048).
    if (!holder || !(await findSessionStudentReaching(app.db, holder.session, holder.subjectId))) {
      return reply.code(403).send({
        status: false,
        message: 'This video link has expired. Please open the video again.',
        code: 'video_link_expired',
      });
    }
    return reply
      .header('Cache-Control', signedCacheControl(path))
      .sendFile(path, mediaRoot, { cacheControl: false, etag: false, lastModified: false });
  });

  async function contentValidators(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    if (reply.statusCode !== 200 && reply.statusCode !== 206) return payload;
    const path = posix.normalize((request.params as { '*': string })['*']);
    const file = join(mediaRoot, path);
    const stats = await stat(file).catch(() => undefined);
    if (!stats?.isFile()) return payload;
    const etag = await contentEtag(file, stats);
    void reply.header('ETag', etag);
    if (reply.statusCode === 200 && etagMatches(request.headers['if-none-match'], etag)) {
      (payload as Readable | undefined)?.destroy?.();
      void reply.code(304).removeHeader('Content-Length').removeHeader('Content-Type');
      return null;
    }
    return payload;
  }
}
