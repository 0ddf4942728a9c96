import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isPagePath, notFoundHandler } from './not-found.ts';

/**
 * Serves the built web app: hashed assets cached for a year, and index.html for every other GET
 * that is not an API call, so deep links such as /topic/3 load the app.
 */
export async function registerWebApp(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // reply.sendFile comes from the media registration (http/media.ts); here it is given this root.
    decorateReply: false,
    preCompressed: true,
    // @fastify/static would otherwise overwrite what setHeaders sets with its own 'public, max-age=0'.
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (isPagePath(request.method, request.url, app.config.API_BASE)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', root, { cacheControl: false });
    }
    return notFoundHandler(request, reply);
  });
}
