import type { Queryable } from '../db/database.ts';
import type { Config } from '../config.ts';
import { describeWait } from './otp-codes.ts';
import { lockRegistrationBudget, registrationCodesSent } from './registration-budget-repository.ts';

/** Why a registration code may not be sent now: the institute's budget of the hour or the day is spent. */
export interface BudgetRefusal {
  window: 'hour' | 'day';
  message: string;
}

/**
 * Checks the institute-wide budget of registration codes (REGISTRATION_SMS_PER_HOUR, REGISTRATION_SMS_PER_DAY) under
 * its lock, inside the send's transaction, so the code stored next is counted before any other signup looks.
 */
export async function budgetRefusal(
  tx: Queryable,
  config: Pick<Config, 'REGISTRATION_SMS_PER_HOUR' | 'REGISTRATION_SMS_PER_DAY'>,
): Promise<BudgetRefusal | undefined> {
  await lockRegistrationBudget(tx);
  const sent = await registrationCodesSent(tx);
  if (sent.day >= config.REGISTRATION_SMS_PER_DAY) {
    return { window: 'day', message: refusedFor('today', sent.dayFreeIn) };
  }
  if (sent.hour >= config.REGISTRATION_SMS_PER_HOUR) {
    return { window: 'hour', message: refusedFor('this hour', sent.hourFreeIn) };
  }
  return undefined;
}

const refusedFor = (when: string, freeIn: number) =>
  `The institute has sent all the registration codes it can ${when}. Please try again in ${waitInWords(freeIn)}, or contact the institute.`;

/** The day's window can be many hours away: `5 hours` reads better than `300 minutes`. */
const waitInWords = (seconds: number) =>
  seconds >= 2 * 60 * 60 ? `${Math.ceil(seconds / 3600)} hours` : describeWait(seconds);
