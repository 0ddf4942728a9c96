import type { FastifyInstance } from 'fastify';
import { pendingMigrations } from '../db/migrate.ts';

/**
 * GET /healthz: the process answers (a liveness probe: restart it when this fails).
 * GET /readyz: the database answers and every migration is applied (a readiness probe: send it traffic); `warnings`
 * lists what an operator should fix but that does not stop serving (proxy settings the traffic contradicts).
 */
export function registerHealth(app: FastifyInstance, warnings: () => string[] = () => []) {
  app.get('/healthz', async (_request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return { status: true, message: 'ok' };
  });
  app.get('/readyz', async (request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    if (app.draining) return reply.code(503).send({ status: false, message: 'Shutting down.' });
    try {
      const pending = await pendingMigrations(app.db);
      if (pending.length) return reply.code(503).send({ status: false, message: `Migrations not applied: ${pending.join(', ')}` });
      return { status: true, message: 'ready', warnings: warnings() };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check: database not reachable');
      return reply.code(503).send({ status: false, message: 'The database is not reachable.' });
    }
  });
}
