import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';

/** The steps of a stop on SIGTERM (docs/decisions/051); every step is bounded, so the process is gone within 10 s. */
export const STOP_TIMINGS = {
  /** /readyz answers 503 this long while everything else is still served, for balancers that poll it. */
  noticeMs: 1000,
  /**
   * After the port closes, a connection the proxy keeps for reuse may bring one more request this long before it is
   * closed idle: longer than deploy/nginx.conf's upstream keepalive_timeout (2 s), so nginx has closed its idle ones.
   */
  idleGraceMs: 3000,
  /** From SIGTERM: whatever is still open then is cut. */
  deadlineMs: 8000,
};
export type StopTimings = typeof STOP_TIMINGS;

/**
 * Follows the server's connections so that a stop loses no request behind a proxy such as nginx. nginx keeps idle
 * connections to each instance and reuses them; it resends a request elsewhere only when it could not send it at all
 * (a refused connection), never a POST it has written. So an instance must not close a connection nginx may be
 * writing to: it keeps answering with keep-alive until its port closes (so nginx opens no new connections that the
 * closing port would reset), then answers every request with `Connection: close`, which tells nginx to drop that
 * connection, and closes the ones still idle only after a grace, by when nginx has closed those it kept idle itself.
 */
export function watchConnections(app: FastifyInstance) {
  const answering = new Set<ServerResponse>();
  let lastAnswers = false;
  app.decorate('draining', false);
  app.decorate('stopGracefully', stop);
  // First of the server's request listeners, so it runs before Fastify's handler writes anything.
  app.server.prependListener('request', (_request, response: ServerResponse) => {
    if (lastAnswers) {
      response.shouldKeepAlive = false;
      return;
    }
    answering.add(response);
    response.once('close', () => answering.delete(response));
  });

  /** Stops serving: readyz 503, the port closed, requests in flight answered, connections closed. */
  async function stop(timings: StopTimings = STOP_TIMINGS) {
    const deadline = setTimeout(() => app.server.closeAllConnections(), timings.deadlineMs);
    app.draining = true;
    await new Promise((done) => setTimeout(done, timings.noticeMs));
    lastAnswers = true;
    for (const response of answering) if (!response.headersSent) response.shouldKeepAlive = false;
    // Closed after the loop's next poll has accepted every connection waiting at the port: one still waiting when it
    // closes is reset, with the request nginx may have written to it (a timer runs before that poll, and after a
    // busy spell many may be waiting).
    await new Promise((done) => setImmediate(done));
    // net's close stops listening but, unlike http's, leaves idle connections open: nginx may be writing to one.
    const closed = new Promise<void>((done) => NetServer.prototype.close.call(app.server, () => done()));
    const closeIdle = () => app.server.closeIdleConnections();
    const grace = setTimeout(() => {
      closeIdle();
      // An answer begun with keep-alive before the port closed (a video in ranges) leaves its connection idle when done.
      for (const response of answering) response.once('close', () => setImmediate(closeIdle));
    }, timings.idleGraceMs);
    await closed;
    clearTimeout(grace);
    clearTimeout(deadline);
  }
}
