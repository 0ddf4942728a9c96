import type { FastifyReply, FastifyRequest } from 'fastify';

/** Top-level paths that belong to the server, never to the web app's pages. */
const SERVER_PATHS = /^\/(?:metrics|healthz|readyz|media|materials|assets|api|console\/micros)(?:[/?#]|$)/i;

/**
 * Whether an address that matched no route is a page of the web app (a deep link such as /topic/3, which
 * gets index.html). Files (/anything.js), the API's folder (a mistyped call) and the server's own paths
 * (/metrics when it is off) are not: they answer 404, so a probe or a script is never told "200, a page".
 */
export function isPagePath(method: string, url: string, apiBase: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split(/[?#]/)[0] ?? '';
  if (path.startsWith(apiBase) || SERVER_PATHS.test(path)) return false;
  return !/\.\w+$/.test(path);
}

export function notFoundHandler(_request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ status: false, message: 'Not found.', code: 'not_found' });
}
