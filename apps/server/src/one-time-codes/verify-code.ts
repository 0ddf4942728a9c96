import type { RefusalCode } from '@portal/contract';
import type { Database } from '../db/database.ts';
import {
  claimTry,
  consumeChallenge,
  findChallenge,
  lockNumberAndAddress,
  type Audience,
  type ChallengeState,
} from './challenge-repository.ts';
import { MAX_TRIES_PER_CODE } from './limits.ts';
import { smsNotSentMessage } from './send-code.ts';
import { hashCode, hashOtpRef, sameHash } from './otp-codes.ts';
import { type CodeRefusal, wrongCodeRefusal } from './wrong-code-limits.ts';
import { countWrongCode, forgiveWrongCode, wrongCodes } from './wrong-code-repository.ts';

/** A right code names its audience, whom it is for (the student, staff member or registration request) and its number. */
export type Verification =
  | { ok: true; audience: Audience; accountId: number; phone: string }
  | { ok: false; message: string; code: RefusalCode; triesLeft?: number };

const expired: CodeRefusal = { message: 'This code has expired. Please ask for a new code.', code: 'code_expired' };
const used: CodeRefusal = { message: 'This code has already been used. Please ask for a new code.', code: 'code_used' };
const outOfTries: CodeRefusal = {
  message: 'Too many wrong tries for this code. Please ask for a new code.',
  code: 'code_out_of_tries',
};
const notSent: CodeRefusal = { message: smsNotSentMessage, code: 'sms_not_sent' };
const refused = ({ message, code }: CodeRefusal): Verification => ({ ok: false, message, code });

/**
 * Checks a code once: right, wrong (with the tries left), used, expired or out of tries. Race-safe.
 * A code works only at the doors of its audience: a student's reference at the console's door is unknown there.
 * Wrong codes count against the number and the address they came from (limits.ts, docs/decisions/040).
 */
export async function verifyCode(
  db: Database,
  secret: string,
  request: { otpRef: string; otp: string; clientIp: string },
  audiences: readonly Audience[],
): Promise<Verification> {
  const refHash = hashOtpRef(request.otpRef);
  const challenge = await findChallenge(db, refHash);
  if (!challenge || !audiences.includes(challenge.audience)) return refused(expired);
  const unusable = whyUnusable(challenge);
  if (unusable) return refused(unusable);
  const { phone } = challenge;

  // The counts are read and a try taken (counted as wrong until the code proves right) under the number's and the
  // address's locks: parallel guesses cannot each pass the checks before any of them is counted.
  const checked = await db.transaction(async (tx) => {
    await lockNumberAndAddress(tx, phone, request.clientIp);
    const wrong = await wrongCodes(tx, phone, request.clientIp);
    const refusal = wrongCodeRefusal(wrong);
    if (refusal) return { refusal };
    const claimed = await claimTry(tx, challenge.id, MAX_TRIES_PER_CODE);
    return { claimed, counted: claimed && (await countWrongCode(tx, phone, request.clientIp, wrong.year)) };
  });
  if (checked.refusal) return refused(checked.refusal);
  const { claimed, counted } = checked;
  if (!claimed || !counted) return refused(whyUnusable((await findChallenge(db, refHash)) ?? challenge) ?? used);

  const right = sameHash(claimed.codeHash, hashCode(secret, refHash, request.otp));
  if (!right || !challenge.accountId) {
    const now = wrongCodeRefusal(await wrongCodes(db, phone, request.clientIp));
    if (now) return refused(now);
    const triesLeft = MAX_TRIES_PER_CODE - claimed.failures;
    if (triesLeft <= 0) return refused(outOfTries);
    return {
      ok: false,
      message: `Wrong code. You have ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
      code: 'code_wrong',
      triesLeft,
    };
  }
  await forgiveWrongCode(db, counted);
  if (!(await consumeChallenge(db, challenge.id))) return refused(used);
  return { ok: true, audience: challenge.audience, accountId: challenge.accountId, phone };
}

function whyUnusable(challenge: ChallengeState): CodeRefusal | undefined {
  if (challenge.undelivered) return notSent;
  if (challenge.used) return used;
  if (challenge.expired) return expired;
  if (challenge.failures >= MAX_TRIES_PER_CODE) return outOfTries;
  return undefined;
}
