import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A code of `length` digits (OTP_LENGTH) from a cryptographic source. */
export const newCode = (length: number) => String(randomInt(0, 10 ** length)).padStart(length, '0');

/** The reference the client holds for one sign-in: 128 random bits; only its hash is stored. */
export const newOtpRef = () => randomBytes(16).toString('base64url');

export const hashOtpRef = (otpRef: string) => createHash('sha256').update(otpRef).digest('hex');

/** Bound to the challenge, so equal codes of two challenges do not share a hash. */
export const hashCode = (secret: string, refHash: string, code: string) =>
  createHmac('sha256', secret).update(`${refHash}:${code}`).digest('hex');

/** A hash no code can match, for numbers that are not registered (no code is sent to them). */
export const unmatchableCodeHash = (secret: string, refHash: string) =>
  hashCode(secret, refHash, randomBytes(16).toString('hex'));

export function sameHash(storedHex: string, candidateHex: string): boolean {
  const stored = Buffer.from(storedHex, 'hex');
  const candidate = Buffer.from(candidateHex, 'hex');
  return stored.length === candidate.length && timingSafeEqual(stored, candidate);
}

/** "2 minutes", "45 seconds": how long a limited student must wait. */
export function describeWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const minutes = Math.ceil(s / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
