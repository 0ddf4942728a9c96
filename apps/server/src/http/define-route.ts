import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import type { Endpoint } from '@portal/contract';
import { ApiError, forbidden } from './api-error.ts';
import { authenticate } from './authenticate.ts';

type AnyEndpoint = Endpoint<z.ZodMiniType | undefined, z.ZodMiniType>;
type BodyOf<E extends AnyEndpoint> = E['body'] extends z.ZodMiniType ? z.output<E['body']> : undefined;

export interface RouteContext<E extends AnyEndpoint> {
  body: BodyOf<E>;
  /** The signed-in student; 0 on calls that need no token. */
  studentId: number;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Serves one call of the contract: checks the token (401), validates the body against the call's schema (400),
 * and refuses a `stud_id` that is not the token's own student (403). Handlers see only checked input.
 */
export function defineRoute<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (context: RouteContext<E>) => Promise<z.input<E['response']>>,
) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (request, reply) => {
      const studentId = endpoint.auth ? await authenticate(app.db, request) : 0;
      const body = parseBody(endpoint.body, request.body) as BodyOf<E>;
      if (endpoint.auth && hasStudentId(body) && body.stud_id !== studentId) throw forbidden();
      return handler({ body, studentId, request, reply });
    },
  });
}

export function parseBody(schema: z.ZodMiniType | undefined, raw: unknown): unknown {
  if (!schema) return undefined;
  const parsed = schema.safeParse(raw ?? undefined);
  if (parsed.success) return parsed.data;
  throw new ApiError(400, describeIssues(parsed.error.issues));
}

export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
      if (issue.code === 'unrecognized_keys') return `${where}unexpected field ${issue.keys.join(', ')}`;
      if (issue.code === 'invalid_type' && issue.input === undefined) return `${where || 'body: '}is required`;
      return `${where}${issue.message}`;
    })
    .join('; ');
}

const hasStudentId = (body: unknown): body is { stud_id: number } =>
  typeof body === 'object' && body !== null && 'stud_id' in body;
