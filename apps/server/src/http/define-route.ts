import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { Endpoint } from '@portal/contract';
import { ApiError, forbidden } from './api-error.ts';
import { authenticateSession } from './authenticate.ts';

type AnyEndpoint = Endpoint<z.ZodMiniType | undefined, z.ZodMiniType>;
type BodyOf<E extends AnyEndpoint> = E['body'] extends z.ZodMiniType ? z.output<E['body']> : undefined;

export interface RouteContext<E extends AnyEndpoint> {
  body: BodyOf<E>;
  /** The signed-in student; 0 on calls that need no token. */
  studentId: number;
  /** The hash of the session's token (what links bound to the session carry); '' on calls that need no token. */
  tokenHash: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Serves one call of the contract: checks the token (401), validates the body against the call's schema (400),
 * and refuses a `stud_id` that is not the token's own student (403). Handlers see only checked input.
 * The answer is written by a serialiser compiled from the call's response schema (JSON Schema from zod), which is
 * faster than JSON.stringify and leaves out any field the contract does not name; outside production the answer is
 * also checked against the schema, and a mismatch fails the call with a 500 that says where.
 */
export function defineRoute<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (context: RouteContext<E>) => Promise<z.input<E['response']>>,
) {
  const checkAnswers = app.config.NODE_ENV !== 'production';
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: { response: { 200: serialiserSchema(endpoint.response) } },
    handler: async (request, reply) => {
      const session = endpoint.auth ? await authenticateSession(app.db, request) : undefined;
      const studentId = session?.studentId ?? 0;
      const body = parseBody(endpoint.body, request.body) as BodyOf<E>;
      if (endpoint.auth && hasStudentId(body) && body.stud_id !== studentId) throw forbidden();
      const answer = await handler({ body, studentId, tokenHash: session?.tokenHash ?? '', request, reply });
      if (checkAnswers) checkAnswer(endpoint, answer);
      return answer;
    },
  });
}

/** The response schema as Fastify's serialiser compiler takes it (no dialect line). */
export function serialiserSchema(schema: z.ZodMiniType) {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
  return rest;
}

/** Throws (500) when an answer breaks its call's response schema, or carries a field the schema does not name. */
export function checkAnswer(endpoint: AnyEndpoint, answer: unknown) {
  const parsed = endpoint.response.safeParse(answer);
  const problems = parsed.success ? unnamedFields(answer, parsed.data, '') : [describeIssues(parsed.error.issues)];
  if (problems.length)
    throw new ApiError(500, `The answer of ${endpoint.path} breaks the contract: ${problems.slice(0, 5).join('; ')}`);
}

/** Paths of fields present in `answer` that parsing dropped (the schema does not name them). */
function unnamedFields(answer: unknown, parsed: unknown, path: string): string[] {
  if (Array.isArray(answer) && Array.isArray(parsed))
    return answer.flatMap((item, i) => unnamedFields(item, parsed[i], `${path}${i}.`));
  if (!isRecord(answer) || !isRecord(parsed)) return [];
  return Object.keys(answer).flatMap((key) =>
    key in parsed
      ? unnamedFields(answer[key], parsed[key], `${path}${key}.`)
      : answer[key] === undefined
        ? []
        : [`${path}${key}: not in the contract`],
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseBody(schema: z.ZodMiniType | undefined, raw: unknown): unknown {
  if (!schema) return undefined;
  const parsed = schema.safeParse(raw ?? undefined);
  if (parsed.success) return parsed.data;
  const field = parsed.error.issues.find((issue) => issue.path.length)?.path[0];
  throw new ApiError(400, describeIssues(parsed.error.issues), {
    code: 'invalid_field',
    ...(typeof field === 'string' ? { field } : {}),
  });
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
