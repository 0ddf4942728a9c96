import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import type { ConsoleEndpoint } from '@portal/contract/console';
import type { SessionStaff } from '../sessions/session-repository.ts';
import { ApiError } from './api-error.ts';
import { authenticateStaff } from './authenticate.ts';
import { parseBody } from './define-route.ts';

type AnyConsoleEndpoint = ConsoleEndpoint<z.ZodMiniType | undefined, z.ZodMiniType>;
type BodyOf<E extends AnyConsoleEndpoint> = E['body'] extends z.ZodMiniType ? z.output<E['body']> : undefined;

export interface ConsoleContext<E extends AnyConsoleEndpoint> {
  body: BodyOf<E>;
  /** The signed-in staff member, whose role the call allows; absent only on sign-in calls (no roles). */
  staff: E['roles'] extends readonly [] ? undefined : SessionStaff;
  request: FastifyRequest;
  reply: FastifyReply;
}

export const roleRefused = () => new ApiError(403, 'Your role does not allow this.');

/**
 * Serves one console call: a staff token (401 for none, a student's, or a deactivated member's), a role the
 * call allows (403), then a body that matches its schema (400). Register it under CONSOLE_API_BASE.
 */
export function defineConsoleRoute<E extends AnyConsoleEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (context: ConsoleContext<E>) => Promise<z.input<E['response']>>,
  options: { bodyLimit?: number } = {},
) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (request, reply) => {
      let staff: SessionStaff | undefined;
      if (endpoint.roles.length > 0) {
        staff = await authenticateStaff(app.db, request);
        if (!endpoint.roles.includes(staff.role)) throw roleRefused();
      }
      const body = parseBody(endpoint.body, request.body) as BodyOf<E>;
      return handler({ body, staff: staff as ConsoleContext<E>['staff'], request, reply });
    },
  });
}
