import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { Endpoint } from '@portal/contract';
import { ApiError, forbidden } from './api-error.ts';
import { answerCacheOf } from './answer-cache.ts';
import { authenticateSession } from './authenticate.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

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
  options: RouteOptions = {},
) {
  const checkAnswers = app.config.NODE_ENV !== 'production';
  const rememberFor = options.remember ? app.config.ANSWER_CACHE_SECONDS * 1000 : 0;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: { response: { 200: serialiserSchema(endpoint.response) } },
    handler: async (request, reply) => {
      const session = endpoint.auth ? await authenticateSession(app.db, request) : undefined;
      const studentId = session?.studentId ?? 0;
      const body = parseBody(endpoint.body, request.body) as BodyOf<E>;
      if (endpoint.auth && hasStudentId(body) && body.stud_id !== studentId) throw forbidden();
      const cache = answerCacheOf(app.db);
      // Keyed by session, not student: some answers carry links bound to the session that asked (media-links.ts).
      const key = rememberFor && cache ? `${endpoint.path} ${session?.tokenHash ?? ''} ${JSON.stringify(body) ?? ''}` : undefined;
      if (key !== undefined) {
        const hit = cache!.get(studentId, key);
        if (hit !== undefined) return reply.type(JSON_TYPE).send(hit);
      }
      const ticket = cache?.ticket() ?? 0;
      const answer = await handler({ body, studentId, tokenHash: session?.tokenHash ?? '', request, reply });
      if (checkAnswers) checkAnswer(endpoint, answer);
      if (key === undefined) {
        // Any other call of a student may have changed their rows: their next call reads afresh on this instance
        // even before the database's notice arrives.
        if (studentId) cache?.forgetStudent(studentId);
        return answer;
      }
      // Remembered as sent, by the serialiser compiled from the call's schema, so a hit costs no serialising.
      const json = reply.serialize(answer) as string;
      cache!.remember(ticket, studentId, key, json, rememberFor);
      return reply.type(JSON_TYPE).send(json);
    },
  });
}

/** For list calls: answered from memory for ANSWER_CACHE_SECONDS, as long as nothing they show changes (answer-cache.ts). */
export const remembered: RouteOptions = { remember: true };

export interface RouteOptions {
  /**
   * Whether this instance may answer the same call of the same session from memory (http/answer-cache.ts). Only for
   * calls that change nothing, whose answer depends on nothing but rows the notices of migration 077 cover (and the
   * clock, within ANSWER_CACHE_SECONDS).
   */
  remember?: boolean;
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
  if (problems.length) throw new ApiError(500, `The answer of ${endpoint.path} breaks the contract: ${problems.slice(0, 5).join('; ')}`);
}

/** Paths of fields present in `answer` that parsing dropped (the schema does not name them). */
function unnamedFields(answer: unknown, parsed: unknown, path: string): string[] {
  if (Array.isArray(answer) && Array.isArray(parsed)) return answer.flatMap((item, i) => unnamedFields(item, parsed[i], `${path}${i}.`));
  if (!isRecord(answer) || !isRecord(parsed)) return [];
  return Object.keys(answer).flatMap((key) =>
    key in parsed ? unnamedFields(answer[key], parsed[key], `${path}${key}.`) : answer[key] === undefined ? [] : [`${path}${key}: not in the contract`],
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseBody(schema: z.ZodMiniType | undefined, raw: unknown): unknown {
  if (!schema) return undefined;
  const parsed = schema.safeParse(raw ?? undefined);
  if (parsed.success) return parsed.data;
  const field = parsed.error.issues.find((issue) => issue.path.length)?.path[0];
  throw new ApiError(400, describeIssues(parsed.error.issues), { code: 'invalid_field', ...(typeof field === 'string' ? { field } : {}) });
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
