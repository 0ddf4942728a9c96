import * as z from 'zod/mini';
import { envelope } from '../common.ts';
import { otpRef, typedCode } from '../auth.ts';
import { consoleEndpoint, everyStaffRole, typedMobile } from './common.ts';
import { staffMember } from './staff.ts';

/** A code was sent, and how many hours unused end a console session (the server's STAFF_IDLE_HOURS, said on the sign-in screen). */
export const staffCodeSent = envelope(
  z.object({ otp_ref: z.string(), resend_after: z.number(), otp_length: z.number(), idle_hours: z.number() }),
);

/** Texts a sign-in code to a staff member's number (the same answer for a number that is not staff). */
export const staffLogin = consoleEndpoint({
  method: 'POST',
  path: '/Auth/login',
  roles: [],
  body: z.strictObject({ mobile: typedMobile }),
  response: staffCodeSent,
});

export const staffResendOtp = consoleEndpoint({
  method: 'POST',
  path: '/Auth/resendOTP',
  roles: [],
  body: z.strictObject({ otp_ref: otpRef }),
  response: staffCodeSent,
});

export const staffVerifyOtp = consoleEndpoint({
  method: 'POST',
  path: '/Auth/verifyOTP',
  roles: [],
  body: z.strictObject({ otp_ref: otpRef, otp: typedCode }),
  /** A wrong, used or expired code answers HTTP 200 with status false, as the student sign-in does. */
  response: z.union([
    z.object({ status: z.literal(true), message: z.string(), data: staffMember, token: z.string() }),
    z.object({ status: z.literal(false), message: z.string() }),
  ]),
});

export const staffLogout = consoleEndpoint({
  method: 'POST',
  path: '/Auth/logout',
  roles: everyStaffRole,
  body: z.optional(z.strictObject({})),
  response: envelope(z.null()),
});

/** The signed-in staff member: the console checks its stored session with this and draws the menu from the role. */
export const staffMe = consoleEndpoint({
  method: 'POST',
  path: '/Auth/me',
  roles: everyStaffRole,
  body: z.optional(z.strictObject({})),
  response: envelope(staffMember),
});
