import * as z from 'zod/mini';
import { endpoint, envelope } from './common.ts';
import { refusalCode } from './refusals.ts';
import { student } from './student.ts';

/** Digits of a sign-in code: the server's OTP_LENGTH (4 by default, 6 recommended) within these bounds. */
export const OTP_LENGTHS = { min: 4, max: 8, default: 4 } as const;
export const PHONE_MAX_DIGITS = 15;

export const digits = (label: string, min: number, max: number) =>
  z.string().check(z.regex(new RegExp(`^\\d{${min},${max}}$`), `${label} must be ${min} to ${max} digits`));

/** A mobile number as people write it: digits with spaces, dashes, dots, brackets or a leading +. */
export const writtenMobile = z
  .string()
  .check(
    z.maxLength(32, 'mobile is too long'),
    z.regex(/^\+?[\d\s().-]*\d[\d\s().-]*$/, 'mobile must be digits (spaces and dashes allowed)'),
  );

export const otpRef = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'otp_ref is not valid'));

/**
 * A code was sent (or, for a number that is not registered, seemingly so): its reference, the resend wait in seconds,
 * and how many digits the code has (the code boxes follow it).
 */
export const codeSent = envelope(z.object({ otp_ref: z.string(), resend_after: z.number(), otp_length: z.number() }));

/** A code as typed: its length is checked against the code itself (a code of another length is a wrong code). */
export const typedCode = digits('otp', OTP_LENGTHS.min, OTP_LENGTHS.max);

export const login = endpoint({
  method: 'POST',
  path: '/Auth/login',
  auth: false,
  /** `mobile` as the student wrote it (`098765 43210`); the server reads it as a canonical number (phone.ts). */
  body: z.strictObject({ mobile: writtenMobile, phone_code: digits('phone_code', 1, 4) }),
  response: codeSent,
});

/** A new code for the same sign-in, after the cool-down; the answer carries a new otp_ref. */
export const resendOtp = endpoint({
  method: 'POST',
  path: '/Auth/resendOTP',
  auth: false,
  body: z.strictObject({ otp_ref: otpRef }),
  response: codeSent,
});

export const verifyOtp = endpoint({
  method: 'POST',
  path: '/Auth/verifyOTP',
  auth: false,
  body: z.strictObject({ otp_ref: otpRef, otp: typedCode }),
  /**
   * A right code signs in (student and token) or, for a registration's code, files the request for staff
   * (no token). A wrong, used or expired code answers HTTP 200 with status false and no data; `sign_in`
   * marks a registration whose number already has an account; `tries_left` a wrong code whose reference may be
   * tried again that many times.
   */
  response: z.union([
    z.object({ status: z.literal(true), message: z.string(), data: student, token: z.string() }),
    z.object({ status: z.literal(true), message: z.string(), data: z.object({ request_id: z.number() }) }),
    z.object({
      status: z.literal(false),
      message: z.string(),
      code: refusalCode,
      sign_in: z.optional(z.boolean()),
      tries_left: z.optional(z.number()),
    }),
  ]),
});

export const logout = endpoint({
  method: 'POST',
  path: '/Auth/logout',
  auth: true,
  body: z.optional(z.strictObject({})),
  response: envelope(z.null()),
});

/** The institute's chat link for students whose code did not arrive; open to signed-out students. */
export const whatsappChat = endpoint({
  method: 'GET',
  path: '/Auth/whatsapp_chat',
  auth: false,
  body: undefined,
  response: envelope(z.object({ link: z.string() })),
});
