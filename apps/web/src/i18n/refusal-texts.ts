import type { RefusalCode } from '@portal/contract/refusals';
import { msg } from './language.ts';

/**
 * What the student reads for each refusal code of the contract, in English (the key `t` translates). Loaded with a
 * language's dictionary only: English shows the server's own sentence (docs/decisions/058). `satisfies` makes a new
 * code in the contract fail the type-check here until it has its text.
 */
export const refusalTexts = {
  invalid_field: msg('Please check what you entered.'),
  bad_request: msg('This was refused. Please check what you entered and try again.'),
  signed_out: msg('Your session has ended. Please sign in again.'),
  account_deactivated: msg(
    'Your account has been deactivated by the institute. Please contact the institute to use the portal again.',
  ),
  not_your_account: msg('You can only see your own account.'),
  forbidden: msg('You are not allowed to do this.'),
  not_found: msg('Not found.'),
  conflict: msg('This changed in the meantime. Please reload and try again.'),
  too_many_requests: msg('Too many requests. Please try again in a moment.'),
  server_error: msg('Something went wrong on our side. Please try again.'),
  unavailable: msg('The portal is briefly unavailable. Please try again in a minute.'),
  mobile_empty: msg('Enter your mobile number.'),
  mobile_characters: msg('A mobile number has only digits, spaces and dashes.'),
  mobile_too_short: msg('The mobile number is too short: a digit is missing.'),
  mobile_too_long: msg('The mobile number is too long: there are extra digits.'),
  mobile_wrong_length: msg('The mobile number has the wrong number of digits.'),
  mobile_country_unknown: msg('The country code is not known: start the number with + and a valid country code.'),
  mobile_not_a_number: msg('This is not a phone number.'),
  mobile_not_mobile: msg('This is not a mobile number (a landline, or a digit is wrong): codes are sent by SMS.'),
  mobile_country_not_served: msg(
    'We cannot text a registration code to this country. Please contact the institute to join.',
  ),
  code_wrong: msg('Wrong code. Please try again.'),
  code_expired: msg('This code has expired. Please ask for a new code.'),
  code_used: msg('This code has already been used. Please ask for a new code.'),
  code_out_of_tries: msg('Too many wrong tries for this code. Please ask for a new code.'),
  sms_not_sent: msg('We could not send the SMS. Please try again in a minute.'),
  sign_in_ended: msg('This sign-in has ended. Please enter your mobile number again.'),
  resend_too_soon: msg('Please wait a little before asking for a new code.'),
  too_many_codes_number: msg('Too many codes were sent to this number. Please try again later.'),
  too_many_codes_network: msg('Too many codes were asked for from your network. Please try again later.'),
  too_many_wrong_codes_number: msg('Too many wrong codes were entered for this number. Please try again later.'),
  too_many_wrong_codes_network: msg('Too many wrong codes were entered from your network. Please try again later.'),
  number_locked: msg(
    'Sign-in for this number is locked after too many wrong codes. Please ask the institute to unlock it.',
  ),
  registration_closed: msg('The institute is not taking registrations here. Please contact the institute to join.'),
  registration_budget_spent: msg(
    'The institute cannot send more registration codes just now. Please try again later, or contact the institute.',
  ),
  academic_level_unknown: msg('Choose your academic level.'),
  request_ended: msg('This request has ended. Please fill in the form again.'),
  already_student: msg('This number already has an account. Please sign in with it.'),
  quiz_no_questions: msg('This quiz has no questions yet.'),
  quiz_already_taken: msg(
    'You have already taken this quiz, and it can be taken only once. See your result in Reports.',
  ),
  quiz_answer_invalid: msg('This quiz changed while you were answering. Please open it again.'),
  video_link_expired: msg('This video link has expired. Please open the video again.'),
} satisfies Record<RefusalCode, string>;

/** Codes whose English sentence carries values the student should keep (a wait, the tries left). */
export const valuedRefusals: RefusalCode[] = [
  'code_wrong',
  'resend_too_soon',
  'too_many_codes_number',
  'too_many_codes_network',
  'too_many_wrong_codes_number',
  'too_many_wrong_codes_network',
  'registration_budget_spent',
];

/** The labels of the fields a student's call can refuse, as the forms show them. */
export const fieldLabels: Record<string, string> = {
  mobile: msg('Mobile number'),
  phone_code: msg('Mobile number'),
  name: msg('Name'),
  guardian: msg('Father/Mother Name'),
  state: msg('State'),
  district: msg('District'),
  email: msg('Email'),
  academic_level: msg('Academic level'),
  otp: msg('Code'),
};
