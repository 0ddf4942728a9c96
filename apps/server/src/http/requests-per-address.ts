import type { FastifyInstance } from 'fastify';
import { isLingering } from './lingering-close.ts';

/**
 * At most `max` requests in progress at once from one client address (0: no cap); the next is answered 429 and its
 * connection closed, before any of its body is read. Requests, not connections, are counted: behind a proxy every
 * connection comes from the proxy, and only a request names its client (X-Forwarded-For, as TRUST_PROXY believes
 * it). A connection that has not yet sent a request is bounded by the headers timeout instead (connection-limits.ts).
 * It must run after the hook that pins the client's address (request-logging.ts).
 */
export function capRequestsPerAddress(app: FastifyInstance, max: number) {
  if (max === 0) return;
  const inProgress = new Map<string, number>();
  const release = (address: string) => {
    const left = (inProgress.get(address) ?? 1) - 1;
    if (left > 0) inProgress.set(address, left);
    else inProgress.delete(address);
  };
  app.addHook('onRequest', (request, reply, done) => {
    const address = request.ip ?? '';
    const count = inProgress.get(address) ?? 0;
    if (count >= max) {
      void reply.code(429).header('Connection', 'close').header('Retry-After', '10').send({
        status: false,
        message: 'Too many requests at once from your address. Please try again in a moment.',
        code: 'too_many_requests',
      });
      return;
    }
    inProgress.set(address, count + 1);
    // A response closes once, whether it was sent or its client went away; a connection still reading the rest of
    // a refused body (lingering-close.ts) counts until it closes.
    reply.raw.once('close', () => {
      const socket = request.raw.socket;
      if (isLingering(socket)) socket.once('close', () => release(address));
      else release(address);
    });
    done();
  });
}
