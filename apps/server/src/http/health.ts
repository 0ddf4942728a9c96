import type { FastifyInstance } from 'fastify';
import { databaseNotReady, folderNotWritable, type NotReady } from './readiness.ts';

/**
 * GET /healthz: the process answers (a liveness probe: restart it when this fails).
 * GET /readyz: every readiness check passes (a readiness probe: send it traffic), else 503 with the first check's
 * reason; `warnings` lists what an operator should fix but that does not stop serving (proxy settings the traffic
 * contradicts).
 */
export function registerHealth(app: FastifyInstance, warnings: () => string[] = () => []) {
  // Why the instance should get no traffic, each check in turn; they run together, each answering within 2 s.
  const checks: (() => Promise<NotReady | undefined>)[] = [
    () => databaseNotReady(app.db),
    () => folderNotWritable(app.db.folder),
  ];

  app.get('/healthz', async (_request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return { status: true, message: 'ok' };
  });
  app.get('/readyz', async (request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    if (app.draining) return reply.code(503).send({ status: false, message: 'Shutting down.' });
    const notReady = (await Promise.all(checks.map((check) => check()))).find((reason) => reason !== undefined);
    if (!notReady) return { status: true, message: 'ready', warnings: warnings() };
    request.log.warn({ reason: notReady.message, detail: notReady.detail }, 'not ready');
    return reply.code(503).send({ status: false, message: notReady.message });
  });
}
