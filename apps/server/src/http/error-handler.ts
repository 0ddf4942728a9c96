import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from './api-error.ts';

const hidden = 'Something went wrong on our side. Please try again.';

/**
 * One place answers every failure as `{status: false, message}`; a 5xx never shows its internals
 * (an ApiError's message is written for the student, so it is shown whatever its status).
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
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
