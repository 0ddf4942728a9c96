// A bare Fastify server answering one POST route with the same bytes as a portal call, with the portal's own
// pieces switched on by name (PIECES=log,headers,metrics,hash): the framework's floor for framework-floor.ts.
// Usage: node --import tsx bare-fastify.ts ROUTE BODY_FILE; prints its port.
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import type { Config } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { registerMetrics } from '../src/http/metrics-route.ts';
import {
  backgroundStdout,
  genReqId,
  loggerOptions,
  OneLineRequestLog,
  registerRequestIds,
} from '../src/http/request-logging.ts';
import { registerSecurityHeaders } from '../src/http/security-headers.ts';
import { createMetrics } from '../src/metrics/metrics.ts';
import { hashToken } from '../src/sessions/session-repository.ts';

const [route = '/', bodyFile = '/dev/null'] = process.argv.slice(2);
const body = readFileSync(bodyFile, 'utf8');
const pieces = new Set((process.env.PIECES ?? '').split(','));
const logged = pieces.has('log') || pieces.has('logger');

const app = Fastify({
  // `logger`: the portal's logger at warn (a child logger a request, no line); `log`: the request's line too.
  logger: logged
    ? { ...loggerOptions({ LOG_LEVEL: pieces.has('log') ? 'info' : 'warn' }), stream: backgroundStdout() }
    : false,
  genReqId,
  ...(logged ? { logController: new OneLineRequestLog() } : {}),
  bodyLimit: 64 * 1024,
});
app.decorate('config', { METRICS_TOKEN: '' } as Config);
app.decorate('metrics', createMetrics({ kind: 'postgres' } as Database));
if (pieces.has('headers')) {
  registerRequestIds(app);
  registerSecurityHeaders(app, [route.slice(0, route.lastIndexOf('/'))]); // the route answers as an API call
}
if (pieces.has('metrics')) registerMetrics(app);
app.post(route, (request, reply) => {
  if (pieces.has('hash')) hashToken(String(request.headers.token));
  void reply.type('application/json; charset=utf-8').send(body);
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${new URL(address).port}\n`);
