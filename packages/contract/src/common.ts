import * as z from 'zod/mini';
import type { $ZodShape } from 'zod/v4/core';
import { refusalCode } from './refusals.ts';

/** Ids travel as JSON numbers or as strings of digits (other clients of this API send "12"). */
export const id = z.pipe(
  z.union([z.number(), z.string().check(z.regex(/^\d{1,10}$/, 'must be a whole number'))]),
  z.pipe(
    z.transform((value: number | string) => Number(value)),
    z.int('must be a whole number').check(z.positive('must be positive'), z.lte(2_147_483_647, 'is too large')),
  ),
);

/** Every answer of the API: `{status, message, data}`. */
export const envelope = <T extends z.ZodMiniType>(data: T) =>
  z.object({ status: z.boolean(), message: z.string(), data });

/**
 * What a refused or failed call answers: the spec's `{status, message}` plus the refusal's code and, when one field was
 * refused, its name (refusals.ts).
 */
export const failure = z.object({
  status: z.literal(false),
  message: z.string(),
  code: refusalCode,
  field: z.optional(z.string()),
});
export type Failure = z.infer<typeof failure>;

/** A request body that carries the caller's own student id, checked against the session. */
export const studentBody = <S extends $ZodShape>(shape: S) => z.strictObject({ stud_id: id, ...shape });

export interface Endpoint<Body extends z.ZodMiniType | undefined, Response extends z.ZodMiniType> {
  method: 'GET' | 'POST';
  /** Path under the API base path, e.g. `/Student/subjects`. */
  path: string;
  /** Whether the call needs the `Token` header. */
  auth: boolean;
  body: Body;
  response: Response;
}

export const endpoint = <Body extends z.ZodMiniType | undefined, Response extends z.ZodMiniType>(
  definition: Endpoint<Body, Response>,
) => definition;

export type BodyInput<E> =
  E extends Endpoint<infer B, z.ZodMiniType> ? (B extends z.ZodMiniType ? z.input<B> : never) : never;
export type BodyOutput<E> =
  E extends Endpoint<infer B, z.ZodMiniType> ? (B extends z.ZodMiniType ? z.output<B> : never) : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodMiniType | undefined, infer R> ? z.output<R> : never;
