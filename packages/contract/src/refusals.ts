import * as z from 'zod/mini';

/**
 * Why a call was refused, as a stable word a client can translate (docs/decisions/058-refusal-codes.md). Every refusal
 * carries one beside its English `message`, which stays for other clients; a refusal of one field also names it
 * (`field`), so a form can put it under that field without reading the message.
 */
export const REFUSAL_CODES = [
  // Any call
  'invalid_field',
  'bad_request',
  'signed_out',
  'account_deactivated',
  'not_your_account',
  'forbidden',
  'not_found',
  'conflict',
  'too_many_requests',
  'server_error',
  'unavailable',
  // A mobile number as written (contract/phone.ts)
  'mobile_empty',
  'mobile_characters',
  'mobile_too_short',
  'mobile_too_long',
  'mobile_wrong_length',
  'mobile_country_unknown',
  'mobile_not_a_number',
  'mobile_not_mobile',
  'mobile_country_not_served',
  // Sign-in codes
  'code_wrong',
  'code_expired',
  'code_used',
  'code_out_of_tries',
  'sms_not_sent',
  'sign_in_ended',
  'resend_too_soon',
  'too_many_codes_number',
  'too_many_codes_network',
  'too_many_wrong_codes_number',
  'too_many_wrong_codes_network',
  'number_locked',
  // Registration
  'registration_closed',
  'registration_budget_spent',
  'academic_level_unknown',
  'request_ended',
  'already_student',
  // Quizzes and media
  'quiz_no_questions',
  'quiz_already_taken',
  'quiz_answer_invalid',
  'video_link_expired',
] as const;

export type RefusalCode = (typeof REFUSAL_CODES)[number];

/**
 * The code as it travels: any string, so that a client built before a new code still reads the answer (and falls
 * back to a general message for it).
 */
export const refusalCode = z.optional(z.string());

/** The code a refusal of this HTTP status carries when nothing more particular was said. */
export function codeOfStatus(status: number): RefusalCode {
  if (status === 400) return 'bad_request';
  if (status === 401) return 'signed_out';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 410) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'too_many_requests';
  if (status === 503) return 'unavailable';
  return status >= 500 ? 'server_error' : 'bad_request';
}
