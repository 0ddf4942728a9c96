import type { FastifyError, FastifyInstance } from 'fastify';
import { isUnavailable, reasonOf } from '../db/unavailable.ts';
import { ApiError } from './api-error.ts';

const hidden = 'Something went wrong on our side. Please try again.';
const unavailable = 'The portal is briefly unavailable. Please try again in a minute.';
const diskFull = "The server's disk is full, so nothing was stored. Please tell whoever runs the portal, and try again once they have made room.";

/** A write that found no room: the disk (or the portal's quota on it) is full. */
const isDiskFull = (error: unknown) => ['ENOSPC', 'EDQUOT'].includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * One place answers every failure as `{status: false, message}`; a 5xx never shows its internals
 * (an ApiError's message is written for the student, so it is shown whatever its status).
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The database out of reach or out of room is no bug of this request: a 503 that says to come back soon, and one
    // warning line with the reason, not a stack per request.
    if (isUnavailable(error)) {
      request.log.warn({ reason: reasonOf(error) }, 'database unavailable');
      return reply.status(503).header('Retry-After', '5').send({ status: false, message: unavailable });
    }
    // No bug either, and nothing a client can fix: 507 says what happened, for staff to pass on; the log says where.
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'disk full');
      // The rest of an upload's body is not wanted.
      if (!request.raw.complete) void reply.header('Connection', 'close');
      return reply.status(507).send({ status: false, message: diskFull });
    }
    const code = error.statusCode ?? 500;
    const status = code >= 400 && code < 600 ? code : 500;
    // An ApiError was foreseen (and logged, if it needed to be, where it arose); anything else 5xx is a bug.
    if (status >= 500 && !(error instanceof ApiError)) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, reason: error.message }, 'request refused');
    if (error instanceof ApiError) void reply.headers(error.headers);
    const message = status < 500 || error instanceof ApiError ? error.message : hidden;
    return reply.status(status).send({ status: false, message });
  });
}
