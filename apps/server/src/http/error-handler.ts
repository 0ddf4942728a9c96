import type { FastifyError, FastifyInstance } from 'fastify';
import { codeOfStatus } from '@portal/contract';
import { isUnavailable, reasonOf } from '../db/unavailable.ts';
import { ApiError } from './api-error.ts';

const hidden = 'Something went wrong on our side. Please try again.';
const unavailable = 'The portal is briefly unavailable. Please try again in a minute.';
const diskFull =
  "The server's disk is full, so nothing was stored. Please tell whoever runs the portal, and try again once they have made room.";

/** A write that found no room: the disk (or the portal's quota on it) is full. */
const isDiskFull = (error: unknown) => ['ENOSPC', 'EDQUOT'].includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * One place answers every failure as `{status: false, message, code}` (and `field` when one field was refused); a 5xx
 * never shows its internals (an ApiError's message is written for the student, so it is shown whatever its status).
 * The code is the refusal's own or, for Fastify's refusals and uncoded ones, its status's (docs/decisions/058).
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The database out of reach or out of room is no bug of this request: a 503 that says to come back soon, and one
    // warning line with the reason, not a stack per request.
    if (isUnavailable(error)) {
      request.log.warn({ reason: reasonOf(error) }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({ status: false, message: unavailable, code: 'unavailable' });
    }
    // No bug either, and nothing a client can fix: 507 says what happened, for staff to pass on; the log says where.
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'disk full');
      // The rest of an upload's body is not wanted.
      if (!request.raw.complete) void reply.header('Connection', 'close');
      return reply.status(507).send({ status: false, message: diskFull, code: codeOfStatus(507) });
    }
    const given = error.statusCode ?? 500;
    const status = given >= 400 && given < 600 ? given : 500;
    // An ApiError was foreseen (and logged, if it needed to be, where it arose); anything else 5xx is a bug.
    if (status >= 500 && !(error instanceof ApiError)) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, reason: error.message }, 'request refused');
    if (error instanceof ApiError) void reply.headers(error.headers);
    const message = status < 500 || error instanceof ApiError ? error.message : hidden;
    const refusal = error instanceof ApiError ? error : undefined;
    const code = refusal?.code ?? codeOfStatus(status);
    return reply
      .status(status)
      .send({ status: false, message, code, ...(refusal?.field ? { field: refusal.field } : {}) });
  });
}
