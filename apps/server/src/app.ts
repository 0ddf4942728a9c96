import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerHealth } from './http/health.ts';
import { watchConnections } from './http/graceful-stop.ts';
import { watchProxies } from './http/proxy-watch.ts';
import { registerMetrics } from './http/metrics-route.ts';
import { connectionOptions, registerConnectionLimits } from './http/connection-limits.ts';
import {
  backgroundStdout,
  genReqId,
  loggerOptions,
  OneLineRequestLog,
  registerRequestIds,
} from './http/request-logging.ts';
import { notFoundHandler } from './http/not-found.ts';
import { registerMedia, startEncoder } from './media/index.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerWebApp } from './http/web-app.ts';
import { apiRoutes } from './api-routes.ts';
import { createMetrics } from './metrics/metrics.ts';
import { consoleRoutes } from './console-routes.ts';
import { createSmsSender } from './sms/create-sms-sender.ts';
import { SmsQueue } from './sms/sms-queue.ts';
import { startSessionCache } from './sessions/session-cache.ts';
import type { SmsSender } from './sms/sms-sender.ts';
import { startJobQueue } from './jobs/job-queue.ts';
import type { Agent } from 'node:https';
import { createPushSender } from './push/push-sender.ts';

export interface AppOptions {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the SMS provider that SMS_PROVIDER names (tests read the codes from it). */
  sms?: SmsSender;
  /** The HTTPS agent Web Push goes through (tests trust their stand-in push service's certificate with it). */
  pushAgent?: Agent;
  /** The clock class reminders and news notices go by (tests control it); the system's by default. */
  now?: () => Date;
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole server without listening; tests build it too. */
export async function buildApp({ config, db, logger, sms, pushAgent, now }: AppOptions) {
  const app = Fastify({
    logger: logger ?? { ...loggerOptions(config), stream: backgroundStdout() },
    genReqId,
    logController: new OneLineRequestLog(),
    bodyLimit: 64 * 1024,
    ...connectionOptions(config),
    // A hop count as a function: the nearest `n` hops are our proxies, and the address before them is the client.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed address (bad percent-encoding) gets the API's own error shape, like every other refusal.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply)
        .code(400)
        .send({ status: false, message: 'This address is malformed.', code: 'bad_request' });
    },
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('sms', sms ?? createSmsSender(config, app.log));
  app.decorate('smsQueue', new SmsQueue(app.log));
  app.decorate('push', createPushSender(db, config.PUSH_CONTACT, app.log, pushAgent));
  app.decorate('now', now ?? (() => new Date()));
  // A code already promised to someone is still handed to the gateway before the server stops.
  app.addHook('onClose', () => app.smsQueue.idle());
  app.decorate('metrics', createMetrics(db));
  // Before the routes: a resource's routes start its workers. Stopped on close, before the database is.
  const jobs = await startJobQueue({ db, log: app.log, pollingSeconds: config.JOB_POLL_SECONDS });
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
  app.decorate('encoder', startEncoder(config, db, app.log));
  // A video being encoded goes back to the queue, for this server's next start or another instance.
  app.addHook('onClose', () => app.encoder.stop());
  const stopSessionCache = await startSessionCache(db);
  app.addHook('onClose', stopSessionCache);
  registerErrorHandler(app);
  registerRequestIds(app);
  registerConnectionLimits(app);
  registerMetrics(app);
  registerSecurityHeaders(app, [config.API_BASE, config.CONSOLE_API_BASE]);
  watchConnections(app);
  registerHealth(app, watchProxies(app).warnings);
  await app.register(apiRoutes, { prefix: config.API_BASE });
  await app.register(consoleRoutes, { prefix: config.CONSOLE_API_BASE });
  registerOpenApi(app);
  await registerMedia(app);
  if (config.WEB_DIST) await registerWebApp(app, config.WEB_DIST);
  else app.setNotFoundHandler(notFoundHandler);
  return app;
}
