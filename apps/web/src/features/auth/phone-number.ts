import type { AsYouType } from 'libphonenumber-js/core';
import { canonicalMobile, formatMobile, indiaMetadata } from '@portal/contract/phone-india';
import { msg, t, translateMessage } from '../../i18n/language.ts';

/**
 * What the phone field holds and what it sends. The number is read by the same rules as the server and the roster
 * import (`@portal/contract/phone-india`: mobile-numbers.ts over India's part of the same metadata), so `+91 99501 23456`,
 * `919950123456`, `09950123456`, `0091 99501 23456` and `99501-23456` with brackets or dashes are one number, and
 * whatever the rules refuse is refused here with their reason, never guessed at. A number of another country
 * (`+44 …`) is sent as written, and the server, which knows every country, reads or refuses it.
 */

/** The calling code shown in front of a number written without one. */
export const HOME_CODE = '91';
/** E.164's limit (the spec's phone digit limit), beyond a written `00` or trunk `0`. */
const MAX_DIGITS = 15;

/** The characters that carry meaning: a leading `+`, then the digits (at most 15 beyond a `00` or `0` prefix). */
export function significant(text: string): string {
  const plus = text.trimStart().startsWith('+') ? '+' : '';
  const digits = text.replace(/\D/g, '');
  const prefix = plus ? 0 : digits.startsWith('00') ? 2 : digits.startsWith('0') ? 1 : 0;
  return plus + digits.slice(0, MAX_DIGITS + prefix);
}

let Formatter: typeof AsYouType | undefined;
let loading: Promise<void> | undefined;

/**
 * Fetches libphonenumber-js's AsYouType, which only grouping digits as they are typed needs: the field asks for it at
 * its first keystroke, so it is not part of /login's first load. Until it is here the digits stand ungrouped; a failed
 * fetch (offline) leaves them so and is tried again at the next keystroke. Reading a number never waits for it.
 */
export function loadFormatter(): Promise<void> {
  loading ??= import('./as-you-type.ts').then(
    (module) => {
      Formatter = module.AsYouType;
    },
    () => {
      loading = undefined;
    },
  );
  return loading;
}

export const formatterLoaded = () => Formatter !== undefined;

/** The text as the field shows it while it is typed: India's grouping (`99501 23456`, `+91 99501 23456`). */
export function formatTyped(text: string): string {
  const kept = significant(text);
  return kept && Formatter ? new Formatter('IN', indiaMetadata).input(kept) : kept;
}

/** True when the text carries its own country code (`+44 …`, `0091 …`, `91 99501 23456`): the field hides its `+91`. */
export function carriesCode(text: string): boolean {
  const kept = significant(text);
  if (/^(\+|00)/.test(kept)) return true;
  const read = canonicalMobile(kept);
  return read.ok && read.national.length < kept.replace(/^0/, '').length;
}

/** How the roster shows a number the student finished writing (`+91 99501 23456`); otherwise the text as typed. */
export function settled(text: string): string {
  const read = canonicalMobile(significant(text));
  return read.ok ? formatMobile(read.e164) : formatTyped(text);
}

export type PhoneReading =
  | { ok: true; mobile: string; phone_code: string; shown: string }
  | { ok: false; message: string };

/** What `Auth/login` and `Auth/signup` get for the text (`mobile` `9950123456`, `phone_code` `91`), or why not, translated. */
export function readPhone(text: string): PhoneReading {
  const kept = significant(text);
  if (!kept.replace('+', '')) return { ok: false, message: t('Enter your mobile number.') };
  const read = canonicalMobile(kept);
  if (read.ok) return { ok: true, mobile: read.national, phone_code: read.callingCode, shown: formatMobile(read.e164) };
  if (read.unknownCountry) {
    const international = `+${kept.replace(/^\+|^00/, '').replace(/\D/g, '')}`;
    return { ok: true, mobile: international, phone_code: HOME_CODE, shown: formatTyped(text) };
  }
  return { ok: false, message: translateMessage(read.message) };
}

/** The reading's refusals a student can meet here (mobile-numbers.ts), so that each has its translation. */
export const refusals = [
  msg('The number is too short for India: a digit is missing.'),
  msg('The number is too short: a digit is missing.'),
  msg('The number is too long for India: there are extra digits.'),
  msg('The number is too long: there are extra digits.'),
  msg('The number has the wrong number of digits for India.'),
  msg('This is not a mobile number in India (a landline, or a digit is wrong): sign-in codes are sent by SMS.'),
  msg('This is not a phone number.'),
];
