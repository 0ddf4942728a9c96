import type { Database } from '../../db/database.ts';
import {
  claimTry,
  consumeChallenge,
  findChallenge,
  lockNumber,
  numberActivity,
  type Audience,
  type ChallengeState,
} from './challenge-repository.ts';
import { MAX_FAILURES_PER_NUMBER, MAX_TRIES_PER_CODE } from './limits.ts';
import { hashCode, hashOtpRef, sameHash } from './otp-codes.ts';
import { tooManyWrongCodes } from './send-code.ts';

/** A right code names its audience and whom it is for (the student, staff member or registration request). */
export type Verification = { ok: true; audience: Audience; accountId: number } | { ok: false; message: string };

const expired = 'This code has expired. Please ask for a new code.';
const used = 'This code has already been used. Please ask for a new code.';
const outOfTries = 'Too many wrong tries for this code. Please ask for a new code.';
const refused = (message: string): Verification => ({ ok: false, message });

/**
 * Checks a code once: right, wrong (with the tries left), used, expired or out of tries. Race-safe.
 * A code works only at the doors of its audience: a student's reference at the console's door is unknown there.
 */
export async function verifyCode(
  db: Database,
  secret: string,
  otpRef: string,
  otp: string,
  audiences: readonly Audience[],
): Promise<Verification> {
  const refHash = hashOtpRef(otpRef);
  const challenge = await findChallenge(db, refHash);
  if (!challenge || !audiences.includes(challenge.audience)) return refused(expired);
  const unusable = whyUnusable(challenge);
  if (unusable) return refused(unusable);

  // The number's wrong-code count is read and a try taken under the number's lock: parallel guesses at
  // several codes of one number cannot each pass the check before any of them is counted.
  const { number, claimed } = await db.transaction(async (tx) => {
    await lockNumber(tx, challenge.phone);
    const number = await numberActivity(tx, challenge.phone);
    const claimed = number.failures < MAX_FAILURES_PER_NUMBER ? await claimTry(tx, challenge.id, MAX_TRIES_PER_CODE) : undefined;
    return { number, claimed };
  });
  if (number.failures >= MAX_FAILURES_PER_NUMBER) return refused(tooManyWrongCodes(number.failuresFreeIn));
  if (!claimed) return refused(whyUnusable((await findChallenge(db, refHash)) ?? challenge) ?? used);

  const right = sameHash(claimed.codeHash, hashCode(secret, refHash, otp));
  if (!right || !challenge.accountId) {
    const triesLeft = MAX_TRIES_PER_CODE - claimed.failures;
    if (number.failures + 1 >= MAX_FAILURES_PER_NUMBER) {
      return refused(tooManyWrongCodes((await numberActivity(db, challenge.phone)).failuresFreeIn));
    }
    if (triesLeft <= 0) return refused(outOfTries);
    return refused(`Wrong code. You have ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`);
  }
  if (!(await consumeChallenge(db, challenge.id))) return refused(used);
  return { ok: true, audience: challenge.audience, accountId: challenge.accountId };
}

function whyUnusable(challenge: ChallengeState): string | undefined {
  if (challenge.used) return used;
  if (challenge.expired) return expired;
  if (challenge.failures >= MAX_TRIES_PER_CODE) return outOfTries;
  return undefined;
}
