import type { RefusalCode } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.ts';
import { sendSignInCode } from '../sms/send-sign-in-code.ts';
import type { Queryable } from '../db/database.ts';
import {
  addressActivity,
  expirePendingChallenges,
  insertChallenge,
  latestSendAge,
  lockNumberAndAddress,
  markUndelivered,
  numberSends,
  type Audience,
  type ChallengeState,
} from './challenge-repository.ts';
import {
  MAX_SENDS_PER_ADDRESS,
  MAX_SENDS_PER_NUMBER,
  MAX_SENDS_PER_NUMBER_AND_ADDRESS,
  MAX_SENDS_PER_NUMBER_AND_DEVICE,
  RESEND_COOLDOWN_SECONDS,
} from './limits.ts';
import { isKnownDeviceFor } from './known-device-repository.ts';
import { presentedDevice } from './known-device.ts';
import { clientAddressKey } from './client-address.ts';
import { budgetRefusal, type BudgetRefusal } from './registration-budget.ts';
import { recordBudgetRefusal } from './registration-budget-repository.ts';
import { wrongCodeRefusal } from './wrong-code-limits.ts';
import { wrongCodes } from './wrong-code-repository.ts';
import { serverSecret } from '../server-secret.ts';
import { describeWait, hashCode, hashOtpRef, newCode, newOtpRef, unmatchableCodeHash } from './otp-codes.ts';

export const smsNotSentMessage = 'We could not send the SMS. Please try again in a minute.';

const limited = (message: string, code: RefusalCode) => new ApiError(429, message, { code });

export interface SentCode {
  otp_ref: string;
  resend_after: number;
  otp_length: number;
}

/** `+919876543210`: how a number is stored, counted and addressed. */
export const fullNumber = (phoneCode: string, mobile: string) => `+${phoneCode}${mobile}`;

export interface CodeRequest {
  phone: string;
  audience: Audience;
  /** The student, staff member or registration request the code is for, or null: same answer and limits, but no text. */
  accountId: number | null;
  clientIp: string;
  /**
   * The hash of the device id the request carries (known-device.ts), or null. It counts only if that device completed
   * a sign-in for this number: then the code comes from the device's own allowance (docs/decisions/047).
   */
  device: string | null;
  replacing?: ChallengeState;
}

/** A code for `target`, asked for by `request`: counted against its client's address and device. */
export const askedBy = (request: FastifyRequest, target: Omit<CodeRequest, 'clientIp' | 'device'>): CodeRequest => ({
  ...target,
  clientIp: clientAddressKey(request.ip),
  device: presentedDevice(request),
});

/** A new code in place of `challenge`'s, for the same number, audience and account. */
export const replacing = (challenge: ChallengeState) => ({
  phone: challenge.phone,
  audience: challenge.audience,
  accountId: challenge.accountId,
  replacing: challenge,
});

/**
 * Starts a sign-in for a number, a student's or a staff member's, or the proof of a registration request's
 * number: checks the limits (counted per number, whatever the audience), stores a new code (hashed) and texts it.
 * A number that is not registered gets the same answer and the same limits, but no text.
 */
export async function sendCode(app: FastifyInstance, request: CodeRequest): Promise<SentCode> {
  const { phone, audience, accountId } = request;
  const secret = serverSecret(app.config.AUTH_SECRET);
  const otpRef = newOtpRef();
  const refHash = hashOtpRef(otpRef);
  const code = newCode(app.config.OTP_LENGTH);

  const stored = await app.db.transaction(async (tx): Promise<{ id: number } | BudgetRefusal> => {
    await lockNumberAndAddress(tx, phone, request.clientIp);
    // A registration signs nobody in, so its codes never come from a device's allowance.
    const device =
      audience !== 'registration' && request.device && (await isKnownDeviceFor(tx, request.device, phone))
        ? request.device
        : null;
    await checkLimits(tx, phone, request.clientIp, device, request.replacing);
    if (audience === 'registration') {
      const refusal = await budgetRefusal(tx, app.config);
      if (refusal) return refusal;
    }
    await expirePendingChallenges(tx, phone, request.clientIp, device);
    const id = await insertChallenge(tx, {
      refHash,
      audience,
      accountId,
      phone,
      clientIp: request.clientIp,
      device,
      codeHash: accountId ? hashCode(secret, refHash, code) : unmatchableCodeHash(secret, refHash),
    });
    return { id };
  });
  if ('message' in stored) {
    // Counted after the transaction, which stored nothing: the Overview and /metrics say the budget was hit.
    await recordBudgetRefusal(app.db);
    app.metrics.registrationBudgetRefusals.inc({ window: stored.window });
    throw limited(stored.message, 'registration_budget_spent');
  }
  const { id } = stored;

  if (accountId) {
    // Texted after the answer, so a registered number answers as fast as any other (docs/decisions/040). A text the
    // gateway refuses is not retried (it may have gone out after all); its holder learns it when trying the code.
    app.smsQueue.add(async () => {
      // Staff get the students' sign-in template: it is the one registered with the operators (DLT).
      await sendSignInCode(app, phone, code, audience === 'registration' ? 'registration' : 'sign-in').catch(() =>
        markUndelivered(app.db, id),
      );
    });
  }
  return { otp_ref: otpRef, resend_after: RESEND_COOLDOWN_SECONDS, otp_length: app.config.OTP_LENGTH };
}

async function checkLimits(
  tx: Queryable,
  phone: string,
  clientIp: string,
  device: string | null,
  replacing?: ChallengeState,
) {
  if (replacing && !replacing.undelivered) {
    // From the number's newest code, not the one being replaced: resending an older code again and again
    // must not get round the cool-down.
    const age = (await latestSendAge(tx, phone, clientIp)) ?? replacing.age;
    if (age < RESEND_COOLDOWN_SECONDS) {
      throw limited(
        `Please wait ${describeWait(RESEND_COOLDOWN_SECONDS - age)} before asking for a new code.`,
        'resend_too_soon',
      );
    }
  }
  const wrong = wrongCodeRefusal(await wrongCodes(tx, phone, clientIp));
  if (wrong) throw limited(wrong.message, wrong.code);
  const number = await numberSends(tx, phone, clientIp, device);
  if (device) {
    // The owner's own browser: strangers' codes do not count against it, nor its codes against the number's caps.
    if (number.sendsFromDevice >= MAX_SENDS_PER_NUMBER_AND_DEVICE) {
      throw limited(
        `Too many codes were sent to this number. Please try again in ${describeWait(number.sendsFromDeviceFreeIn)}.`,
        'too_many_codes_number',
      );
    }
    return;
  }
  if (number.sendsHere >= MAX_SENDS_PER_NUMBER_AND_ADDRESS || number.sends >= MAX_SENDS_PER_NUMBER) {
    const wait = number.sendsHere >= MAX_SENDS_PER_NUMBER_AND_ADDRESS ? number.sendsHereFreeIn : number.sendsFreeIn;
    throw limited(
      `Too many codes were sent to this number. Please try again in ${describeWait(wait)}.`,
      'too_many_codes_number',
    );
  }
  const address = await addressActivity(tx, clientIp);
  if (address.sends >= MAX_SENDS_PER_ADDRESS) {
    throw limited(
      `Too many codes were asked for from your network. Please try again in ${describeWait(address.freeIn)}.`,
      'too_many_codes_network',
    );
  }
}
