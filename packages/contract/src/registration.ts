import * as z from 'zod/mini';
import { codeSent, digits, writtenMobile } from './auth.ts';
import { endpoint, envelope, id } from './common.ts';

/** What the register form offers: `requests` (the form) or `closed` (the institute's contact link instead). */
export const registrationMode = z.enum(['requests', 'closed']);
export type RegistrationMode = z.infer<typeof registrationMode>;

export const academicLevel = z.object({ id: z.number(), name: z.string() });
export type AcademicLevel = z.infer<typeof academicLevel>;

/** The levels the register form's select offers, in the institute's order. */
export const academicLevels = endpoint({
  method: 'GET',
  path: '/Auth/academic_levels',
  auth: false,
  body: undefined,
  response: envelope(z.array(academicLevel)),
});

/** Whether new students may ask to join, and where to reach the institute otherwise. */
export const registration = endpoint({
  method: 'GET',
  path: '/Auth/registration',
  auth: false,
  body: undefined,
  response: envelope(z.object({ mode: registrationMode, contact_link: z.string() })),
});

const text = (missing: string, max: number) =>
  z.string().check(z.trim(), z.minLength(1, missing), z.maxLength(max, `Use at most ${max} characters.`));

// Deliberately loose: the SMS code proves the number, and staff read the request before anyone is created.
const emailPattern = /^$|^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The register form, checked the same way on the screen and on the server; messages read under the field. */
export const signupBody = z.strictObject({
  name: text('Enter your name.', 100),
  guardian: text("Enter your father's or mother's name.", 100),
  state: text('Enter your state.', 60),
  district: text('Enter your district.', 60),
  email: z._default(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(254, 'Use at most 254 characters.'),
        z.regex(emailPattern, 'Enter a valid email address, or leave it empty.'),
      ),
    '',
  ),
  /** As the student wrote it; the server reads it as one canonical number (phone.ts) and says why when it cannot. */
  mobile: writtenMobile,
  phone_code: digits('phone_code', 1, 4),
  academic_level: id,
});
export type SignupBody = z.output<typeof signupBody>;

/** Files a registration request and texts a code to its number; `Auth/verifyOTP` with the `otp_ref` proves it. */
export const signup = endpoint({
  method: 'POST',
  path: '/Auth/signup',
  auth: false,
  body: signupBody,
  response: codeSent,
});
