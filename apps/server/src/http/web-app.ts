import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isPagePath, notFoundHandler } from './not-found.ts';

/** /console and every page under it (but not the APIs that also live under /console/micros). */
const isConsolePage = (path: string) =>
  path === '/console' || (path.startsWith('/console/') && !path.startsWith('/console/micros/'));

/**
 * Serves the built web app: hashed assets cached for a year, console.html for /console and its deep links,
 * login.html (index.html with the login screen drawn in, docs/decisions/045) for /login, and index.html for every
 * other GET that is not an API call, so deep links such as /topic/3 load the app.
 */
export async function registerWebApp(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // reply.sendFile comes from the media registration (media/serve-media.ts); here it is given this root.
    decorateReply: false,
    preCompressed: true,
    // @fastify/static would otherwise overwrite what setHeaders sets with its own 'public, max-age=0'.
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The same address answers brotli, gzip or plain bytes by the request's Accept-Encoding: a cache between must
      // keep them apart, or it hands brotli to a client that cannot read it.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  const loginPage = existsSync(join(root, 'login.html')) ? 'login.html' : 'index.html';
  app.setNotFoundHandler((request, reply) => {
    const { method, url } = request;
    const isPage = isPagePath(method, url, app.config.API_BASE) && !url.startsWith(app.config.CONSOLE_API_BASE);
    if (isPage) {
      const path = url.split(/[?#]/)[0] ?? '';
      const page = isConsolePage(path) ? 'console.html' : path === '/login' ? loginPage : 'index.html';
      return reply.header('Cache-Control', 'no-cache').sendFile(page, root, { cacheControl: false });
    }
    return notFoundHandler(request, reply);
  });
}
