import type { RefusalCode } from '@portal/contract';
import {
  MAX_FAILURES_PER_NUMBER,
  MAX_WRONG_CODES_PER_ADDRESS_PER_DAY,
  MAX_WRONG_CODES_PER_NUMBER_PER_YEAR,
} from './limits.ts';
import { describeWait } from './otp-codes.ts';
import type { WrongCodes } from './wrong-code-repository.ts';

export const lockedMessage =
  'Sign-in for this number is locked after too many wrong codes. Please ask the institute to unlock it.';

export const tooManyWrongCodes = (wait: number) =>
  `Too many wrong codes were entered for this number. Please try again in ${describeWait(wait)}.`;

/** A refusal of sign-in codes: its English message and the code the student app translates. */
export interface CodeRefusal {
  message: string;
  code: RefusalCode;
}

/** Why no more codes may be sent or checked for a number from an address, or undefined while they may. */
export function wrongCodeRefusal(wrong: WrongCodes): CodeRefusal | undefined {
  if (wrong.locked || wrong.year >= MAX_WRONG_CODES_PER_NUMBER_PER_YEAR)
    return { message: lockedMessage, code: 'number_locked' };
  if (wrong.here >= MAX_FAILURES_PER_NUMBER)
    return { message: tooManyWrongCodes(wrong.hereFreeIn), code: 'too_many_wrong_codes_number' };
  if (wrong.address >= MAX_WRONG_CODES_PER_ADDRESS_PER_DAY) {
    return {
      message: `Too many wrong codes were entered from your network. Please try again in ${describeWait(wrong.addressFreeIn)}.`,
      code: 'too_many_wrong_codes_network',
    };
  }
  return undefined;
}
