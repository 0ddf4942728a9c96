import * as z from 'zod/mini';
import { envelope, id } from '../common.ts';
import { adminsOnly, consoleEndpoint } from './common.ts';

export const managedLevel = z.object({
  level_id: z.number(),
  name: z.string(),
  position: z.number(),
  active: z.boolean(),
});
export type ManagedLevel = z.infer<typeof managedLevel>;

const levelName = z
  .string()
  .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(60, 'must be at most 60 characters'));
const position = z.int('must be a whole number').check(z.gte(0, 'must be 0 or more'), z.lte(10_000, 'is too large'));

/** Every academic level, retired ones too, in the register form's order. */
export const listAcademicLevels = consoleEndpoint({
  method: 'POST',
  path: '/AcademicLevels/list',
  roles: adminsOnly,
  body: z.optional(z.strictObject({})),
  response: envelope(z.object({ levels: z.array(managedLevel) })),
});

export const addAcademicLevel = consoleEndpoint({
  method: 'POST',
  path: '/AcademicLevels/add',
  roles: adminsOnly,
  body: z.strictObject({ name: levelName, position: z.optional(position) }),
  response: envelope(managedLevel),
});

/** Renames, reorders, retires (active false: the form stops offering it) or restores a level. */
export const updateAcademicLevel = consoleEndpoint({
  method: 'POST',
  path: '/AcademicLevels/update',
  roles: adminsOnly,
  body: z.strictObject({
    level_id: id,
    name: z.optional(levelName),
    position: z.optional(position),
    active: z.optional(z.boolean()),
  }),
  response: envelope(managedLevel),
});
