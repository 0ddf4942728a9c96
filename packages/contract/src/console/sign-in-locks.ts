import * as z from 'zod/mini';
import { envelope } from '../common.ts';
import { adminsOnly, consoleEndpoint, typedMobile } from './common.ts';

export const lockedNumber = z.object({
  /** E.164, as sign-in counts it. */
  mobile: z.string(),
  locked_at: z.string(),
  /** Whose number it is, when it is a student's or a staff member's ("" for nobody's). */
  holder: z.string(),
});
export type LockedNumber = z.infer<typeof lockedNumber>;

/** Numbers whose sign-in is locked after 100 wrong codes in a year (docs/decisions/040), newest first. */
export const listLockedNumbers = consoleEndpoint({
  method: 'POST',
  path: '/SignInLocks/list',
  roles: adminsOnly,
  body: z.optional(z.strictObject({})),
  response: envelope(z.object({ numbers: z.array(lockedNumber) })),
});

/** Lifts a number's lock after staff have checked with the student; its wrong codes so far stop counting. */
export const unlockNumber = consoleEndpoint({
  method: 'POST',
  path: '/SignInLocks/unlock',
  roles: adminsOnly,
  body: z.strictObject({ mobile: typedMobile }),
  response: envelope(z.null()),
});
