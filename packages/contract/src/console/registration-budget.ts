import * as z from 'zod/mini';
import { envelope } from '../common.ts';
import { adminsOnly, consoleEndpoint } from './common.ts';

export const registrationBudgetState = z.object({
  /** REGISTRATION_SMS_PER_HOUR and REGISTRATION_SMS_PER_DAY: the institute's budget of registration codes. */
  per_hour: z.number(),
  per_day: z.number(),
  /** Registration codes sent in the last hour and the last 24 hours. */
  sent_last_hour: z.number(),
  sent_last_day: z.number(),
  /** Signups refused because the budget was spent, in about the last 24 hours, and when the last one was (ISO). */
  refused_last_day: z.number(),
  last_refused_at: z.nullable(z.string()),
});
export type RegistrationBudgetState = z.infer<typeof registrationBudgetState>;

/** How much of the budget of registration codes is spent, and whether signups were refused for it (docs/decisions/047). */
export const getRegistrationBudget = consoleEndpoint({
  method: 'POST',
  path: '/RegistrationBudget/status',
  roles: adminsOnly,
  body: z.optional(z.strictObject({})),
  response: envelope(registrationBudgetState),
});
