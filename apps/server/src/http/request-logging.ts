import { randomUUID } from 'node:crypto';
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RawRequestDefaultExpression,
} from 'fastify';
import pino from 'pino';
import type { Config } from '../config.ts';

/** A request id we accept from a proxy (X-Request-Id); anything else gets a fresh one. */
const ACCEPTED_ID = /^[\w.:@/+=-]{1,128}$/;

/** Addresses with secrets in them: signed media links carry their signature in the path. */
export const redactUrl = (url: string) =>
  url
    .replace(/\/media\/v\/[^/?#]+/, '/media/v/[signed]')
    .replace(/([?&](?:token|otp|otp_ref|signature)=)[^&#]*/gi, '$1[redacted]');

/**
 * The request id of every log line: the proxy's X-Request-Id when it looks like one (so one request can be
 * followed through proxy and portal), otherwise a new UUID. Answered back in X-Request-Id.
 */
export const genReqId = (request: RawRequestDefaultExpression) => {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID();
};

/**
 * JSON logs (pino) without secrets: request lines show the address with signatures blanked and no headers,
 * so session tokens (Token header), sign-in codes (request bodies, never logged) and signed media links stay out.
 */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL'>,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers', 'headers.token', 'headers.authorization', 'token', 'otp', 'otp_ref'],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: addressOf(request),
      }),
    },
  };
}

/** A Fastify request, or Node's own (some of Fastify's lines log that). */
interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  socket?: { remoteAddress?: string } | null;
}

/**
 * The client's address as pinned on arrival (registerRequestIds). A request the hook never saw asks its socket, and
 * only while there is one: a client that went away leaves none, and Fastify's getter behind a proxy then throws.
 */
const addressOf = (request: LoggedRequest) =>
  Object.hasOwn(request, 'ip') ? request.ip : request.socket ? (request.ip ?? request.socket.remoteAddress) : undefined;

/**
 * Standard output, written in the background: a busy server's lines are gathered into fewer writes instead of one
 * blocking write each (with answers from memory, the largest piece of the server's own work per call,
 * docs/decisions/030). Pino writes what is left when the process exits. Each write holds whole lines and at most
 * PIPE_BUF (4096) bytes, which a pipe or a file takes in one piece: workers sharing one standard output
 * (WORKERS > 1) never cut into each other's lines.
 */
export const backgroundStdout = () => pino.destination({ dest: 1, sync: false, maxWrite: 4096 });

/**
 * Answers the request id in X-Request-Id, and pins the client's address while the connection is there. Behind a
 * proxy Fastify works `request.ip` out from the socket each time it is read, and throws once the socket is gone:
 * a client that stopped an upload made the request's log line, written after, throw outside any request and end
 * the process (issue 32). Pinned, the address stays readable, and the same, for the whole request.
 */
export function registerRequestIds(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('X-Request-Id', request.id);
    Object.defineProperty(request, 'ip', { value: request.socket ? request.ip : undefined, enumerable: true });
    reply.raw.once('close', () => {
      // Fastify writes its line when the answer is sent or fails; an answer its client left before has neither.
      if (!reply.raw.writableFinished && !reply.raw.errored)
        reply.log.info({ req: request, responseTime: reply.elapsedTime }, 'client went away');
    });
    done();
  });
}

/**
 * One log line a request, written when it is answered: what was asked (`req`), the status, the time taken.
 * Fastify's own writes two, one on arrival; logging was a tenth of a signed-in call's time (docs/decisions/030).
 * Fastify's other lines (errors, 404s) stay as they are.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
