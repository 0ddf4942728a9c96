import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import type { ConsoleEndpoint } from '@portal/contract/console';
import type { SessionStaff } from '../sessions/session-repository.ts';
import { parseBody } from './define-route.ts';
import { staffOf, staffOnly, staffWithRole } from './staff-only.ts';

type AnyConsoleEndpoint = ConsoleEndpoint<z.ZodMiniType | undefined, z.ZodMiniType>;
type BodyOf<E extends AnyConsoleEndpoint> = E['body'] extends z.ZodMiniType ? z.output<E['body']> : undefined;

export interface ConsoleContext<E extends AnyConsoleEndpoint> {
  body: BodyOf<E>;
  /** The signed-in staff member, whose role the call allows; absent only on sign-in calls (no roles). */
  staff: E['roles'] extends readonly [] ? undefined : SessionStaff;
  request: FastifyRequest;
  reply: FastifyReply;
}

export { roleRefused } from './staff-only.ts';

/**
 * Serves one console call: a staff token (401 for none, a student's, or a deactivated member's) and a role the call
 * allows (403), both checked before a byte of the body is read, then a body that matches its schema (400). A call
 * with a large body (`bodyLimit`) checks the token again once the body has arrived, as an upload may take minutes.
 * Register it under CONSOLE_API_BASE.
 */
export function defineConsoleRoute<E extends AnyConsoleEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (context: ConsoleContext<E>) => Promise<z.input<E['response']>>,
  options: { bodyLimit?: number } = {},
) {
  const signedIn = endpoint.roles.length > 0;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(signedIn ? { onRequest: staffOnly(app, endpoint.roles) } : {}),
    handler: async (request, reply) => {
      const staff = signedIn
        ? options.bodyLimit
          ? await staffWithRole(app, request, endpoint.roles)
          : staffOf(request)
        : undefined;
      const body = parseBody(endpoint.body, request.body) as BodyOf<E>;
      return handler({ body, staff: staff as ConsoleContext<E>['staff'], request, reply });
    },
  });
}
