import {
  MAX_FAILURES_PER_NUMBER,
  MAX_WRONG_CODES_PER_ADDRESS_PER_DAY,
  MAX_WRONG_CODES_PER_NUMBER_PER_YEAR,
} from './limits.ts';
import { describeWait } from './otp-codes.ts';
import type { WrongCodes } from './wrong-code-repository.ts';

export const lockedMessage = 'Sign-in for this number is locked after too many wrong codes. Please ask the institute to unlock it.';

export const tooManyWrongCodes = (wait: number) =>
  `Too many wrong codes were entered for this number. Please try again in ${describeWait(wait)}.`;

/** Why no more codes may be sent or checked for a number from an address, or undefined while they may. */
export function wrongCodeRefusal(wrong: WrongCodes): string | undefined {
  if (wrong.locked || wrong.year >= MAX_WRONG_CODES_PER_NUMBER_PER_YEAR) return lockedMessage;
  if (wrong.here >= MAX_FAILURES_PER_NUMBER) return tooManyWrongCodes(wrong.hereFreeIn);
  if (wrong.address >= MAX_WRONG_CODES_PER_ADDRESS_PER_DAY) {
    return `Too many wrong codes were entered from your network. Please try again in ${describeWait(wrong.addressFreeIn)}.`;
  }
  return undefined;
}
