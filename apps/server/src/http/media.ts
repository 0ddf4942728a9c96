import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeSecret } from '../resources/auth/otp-codes.ts';
import { isProtectedMedia, mediaSignatureAllows } from './media-links.ts';

const SIGNED_ROUTE = '/media/v/:signature/*';

export const mediaRoot = fileURLToPath(new URL('../../media/', import.meta.url));

/**
 * Course media at /media/: thumbnails and news images for anyone, topic videos only through a signed link
 * (http/media-links.ts), both with range requests.
 */
export async function registerMedia(app: FastifyInstance) {
  await app.register(fastifyStatic, {
    root: mediaRoot,
    prefix: '/media/',
    index: false,
    maxAge: '7d',
    // Videos only through the signed route below (reply.sendFile passes this check too).
    allowedPath: (path, _root, request) => !isProtectedMedia(path) || request.routeOptions.url === SIGNED_ROUTE,
  });

  const key = codeSecret(app.config.AUTH_SECRET);
  app.get<{ Params: { signature: string; '*': string } }>(SIGNED_ROUTE, (request, reply) => {
    const path = posix.normalize(request.params['*']);
    if (path.startsWith('..') || posix.isAbsolute(path) || !mediaSignatureAllows(request.params.signature, path, key)) {
      return reply.code(403).send({ status: false, message: 'This video link has expired. Please open the video again.' });
    }
    return reply.header('Cache-Control', 'private, max-age=3600').sendFile(path, mediaRoot, { cacheControl: false });
  });
}
