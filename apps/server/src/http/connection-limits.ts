import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { dropSilentBodies } from './silent-bodies.ts';
import { capRequestsPerAddress } from './requests-per-address.ts';
import { lingerBeforeClosing } from './lingering-close.ts';

/**
 * How long a connection and a request may take, in one place (docs/decisions/046). A stranger's connection costs
 * memory for as long as it is open, so each stage has its own bound, and none of them cuts a slow line that keeps
 * sending: the console's 1 GB video on a 2 Mbit/s line takes 70 minutes and is never silent for long.
 */
export const limits = {
  /** A whole request, body included: the largest upload (MAX_VIDEO_MB) on a slow line. */
  requestMs: 2 * 60 * 60_000,
  /** A connection on which nothing moves either way while a request is open (a handler never takes this long). */
  idleConnectionMs: 5 * 60_000,
};

/** The Fastify options that bound time: a client has CLIENT_TIMEOUT_SECONDS for its headers, and the limits above. */
export function connectionOptions(config: Pick<Config, 'CLIENT_TIMEOUT_SECONDS'>): FastifyHttpOptions<Server> {
  const headersTimeout = config.CLIENT_TIMEOUT_SECONDS * 1000;
  return {
    requestTimeout: limits.requestMs,
    connectionTimeout: limits.idleConnectionMs,
    // Node checks its connections' clocks this often (30 s by default, which would double a short headers timeout).
    http: { headersTimeout, connectionsCheckingInterval: Math.min(5_000, Math.ceil(headersTimeout / 4)) },
  };
}

/**
 * The limits that need hooks: requests at once per client address, bodies that stop arriving, and an answer sent
 * before its body was read (a refusal) that reaches a client still sending.
 */
export function registerConnectionLimits(app: FastifyInstance) {
  capRequestsPerAddress(app, app.config.MAX_REQUESTS_PER_ADDRESS);
  dropSilentBodies(app, app.config.CLIENT_TIMEOUT_SECONDS * 1000);
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!request.raw.complete) lingerBeforeClosing(request.raw);
    done(null, payload);
  });
}
