import * as z from 'zod/mini';
import type { Endpoint } from '../common.ts';

export const staffRoles = ['admin', 'teacher'] as const;
export const staffRole = z.enum(staffRoles);
export type StaffRole = z.infer<typeof staffRole>;

/** Who may make a console call: both roles, or admins only. Empty: anyone, signed in or not (sign-in itself). */
export const everyStaffRole: readonly StaffRole[] = staffRoles;
export const adminsOnly: readonly StaffRole[] = ['admin'];

/** A call of the console API (served under CONSOLE_API_BASE, never under the student API base). */
export interface ConsoleEndpoint<Body extends z.ZodMiniType | undefined, Response extends z.ZodMiniType>
  extends Endpoint<Body, Response> {
  /** The roles the server lets through; every other staff token gets 403, a student's or none 401. */
  roles: readonly StaffRole[];
}

/** Declares a console call; `auth` follows from `roles` (a call any role may make still needs a staff token). */
export const consoleEndpoint = <Body extends z.ZodMiniType | undefined, Response extends z.ZodMiniType>(
  definition: Omit<ConsoleEndpoint<Body, Response>, 'auth'>,
): ConsoleEndpoint<Body, Response> => ({ ...definition, auth: definition.roles.length > 0 });

export const isConsoleEndpoint = (value: unknown): value is ConsoleEndpoint<z.ZodMiniType | undefined, z.ZodMiniType> =>
  typeof value === 'object' && value !== null && 'roles' in value && 'path' in value && 'response' in value;

/** Free text as people write a name: trimmed, 1 to 100 characters. */
export const personName = z
  .string()
  .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(100, 'must be at most 100 characters'));

/** A mobile number as typed ("+91 98765 43210", "098765 43210"); the server stores it in E.164. */
export const typedMobile = z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(32, 'is too long'));

/** Text a person writes: trimmed, required, at most `max` characters; the problems name `field`. */
export const requiredText = (field: string, max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${field} is required`),
      z.maxLength(max, `${field} must be at most ${max} characters`),
    );
