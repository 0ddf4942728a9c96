import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { clusterMetricsOf } from '../cluster/cluster-metrics.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The route's pattern, not the address: ids and file names must not make a series each. The web app's files are
 * routes of their own, one a file (http/web-app.ts); its hashed assets change names with every release, so they share
 * one label.
 */
const routeLabel = (route: string | undefined) =>
  route === undefined ? 'unmatched' : route.startsWith('/assets/') ? '/assets/*' : route;

/**
 * Times every request into the metrics, and serves them at GET /metrics in Prometheus text format, but only
 * when METRICS_TOKEN is set and then only to `Authorization: Bearer <METRICS_TOKEN>`.
 */
export function registerMetrics(app: FastifyInstance) {
  const { metrics } = app;
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request.routeOptions.url);
    metrics.requests.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const token = app.config.METRICS_TOKEN;
  if (!token) return;
  const expected = digest(`Bearer ${token}`);
  // With WORKERS > 1 a scrape reaches one worker; it answers with every worker's figures summed.
  const gather = clusterMetricsOf(metrics.registry) ?? (() => metrics.registry.metrics());
  app.get('/metrics', async (request, reply) => {
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer')
        .send({ status: false, message: 'The metrics need their token.' });
    }
    const text = await gather().catch((error: unknown) => {
      request.log.warn({ err: error }, 'metrics not gathered');
      return undefined;
    });
    if (text === undefined)
      return reply
        .code(503)
        .header('Retry-After', '5')
        .send({ status: false, message: 'The metrics could not be gathered; try again.' });
    return reply.type(metrics.registry.contentType).header('Cache-Control', 'no-store').send(text);
  });
}
