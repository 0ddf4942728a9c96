/**
 * Canonical mobile numbers: every way staff or students write a number becomes one E.164 string, so
 * `+91 98765 43210`, `098765 43210`, `91-98765-43210` and `9876543210` are the same student everywhere.
 *
 * One set of rules over whichever part of libphonenumber-js's *mobile* metadata it is given: `phone.ts` binds all of
 * it (the server, the CLI, the console), `phone-india.ts` only India's part of the very same data (the student app's
 * phone field, on the login's first load). "Valid" means "a valid mobile number", and a number of a mobile's length
 * that is not one (a landline, a typo) is refused as not a mobile.
 */
import {
  Metadata,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberWithError,
  validatePhoneNumberLength,
  type CountryCode,
  type MetadataJson,
  type PhoneNumber,
} from 'libphonenumber-js/core';
import type { RefusalCode } from './refusals.ts';

export type { CountryCode, MetadataJson };

/** The country a number without `+` belongs to, unless configured otherwise. */
export const DEFAULT_COUNTRY: CountryCode = 'IN';

export interface CanonicalMobile {
  ok: true;
  /** `+919876543210`: how a number is stored, compared and texted. */
  e164: string;
  /** The country calling code without `+`: `91` (the students table's `phone_code`). */
  callingCode: string;
  /** The national significant number: `9876543210` (the students table's `mobile`). */
  national: string;
}
export interface RefusedMobile {
  ok: false;
  /** Why, in words a member of staff or a student can act on. */
  message: string;
  /** Why, as the code a client translates (refusals.ts). */
  code: MobileRefusalCode;
  /** The number's calling code is not in the metadata this reader was given (always false with all of it). */
  unknownCountry?: boolean;
}
export type MobileRefusalCode = Extract<RefusalCode, `mobile_${string}`>;
export type MobileCheck = CanonicalMobile | RefusedMobile;

export interface MobileContext {
  /** The country of a number written without `+` and without a calling code; `DEFAULT_COUNTRY` if not given. */
  defaultCountry?: CountryCode;
  /** A calling code chosen apart from the number (the sign-in form's `phone_code`); wins over `defaultCountry`. */
  callingCode?: string;
}

const allowed = /^[\d\s()+./-]*$/;

/** `India` for `IN`, in English; the code itself where the runtime has no names. */
export const countryName = (country: CountryCode | undefined) => {
  if (!country) return undefined;
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
};

const refuse = (message: string, code: MobileRefusalCode, unknownCountry = false): RefusedMobile => ({
  ok: false,
  message,
  code,
  ...(unknownCountry ? { unknownCountry } : {}),
});

/** The rules over one metadata: the server's whole world, or the student app's India. */
export function mobileNumbers(metadata: MetadataJson) {
  const parse = (text: string, options?: Parameters<typeof parsePhoneNumberWithError>[1]): PhoneNumber =>
    parsePhoneNumberWithError(text, options ?? {}, metadata);

  /** Parses a mobile number written any common way into its canonical form, or says why it is not one. */
  function canonicalMobile(input: string, context: MobileContext = {}): MobileCheck {
    const text = input.trim();
    if (!text) return refuse('Enter a mobile number.', 'mobile_empty');
    if (!allowed.test(text))
      return refuse(
        'A mobile number has only digits, spaces, dashes, brackets and a + at the start.',
        'mobile_characters',
      );
    const digits = text.replace(/\D/g, '');
    if (!digits) return refuse('Enter a mobile number.', 'mobile_empty');

    // `0091 98765 43210`: the international call prefix written instead of `+`.
    const written = text.startsWith('00') ? `+${digits.slice(2)}` : text.startsWith('+') ? `+${digits}` : digits;
    const options = context.callingCode
      ? { defaultCallingCode: context.callingCode }
      : { defaultCountry: context.defaultCountry ?? DEFAULT_COUNTRY };
    const country = written.startsWith('+')
      ? undefined
      : context.callingCode
        ? undefined
        : (context.defaultCountry ?? DEFAULT_COUNTRY);

    let parsed: PhoneNumber | undefined;
    try {
      parsed = parse(written, options);
    } catch {
      parsed = undefined;
    }
    // The common case, a valid number, is parsed once; only a refusal looks for its reason.
    if (parsed?.isValid())
      return { ok: true, e164: parsed.number, callingCode: parsed.countryCallingCode, national: parsed.nationalNumber };
    const lengthProblem = validatePhoneNumberLength(written, options, metadata);
    if (lengthProblem)
      return refuse(
        describeLength(lengthProblem, countryName(country)),
        lengthCode(lengthProblem),
        lengthProblem === 'INVALID_COUNTRY',
      );
    if (!parsed) return refuse('This is not a phone number.', 'mobile_not_a_number');
    const where = countryName(parsed.country) ?? `+${parsed.countryCallingCode}`;
    const lengths = parsed.country ? mobileLengths(parsed.country) : undefined;
    const count = parsed.nationalNumber.length;
    if (lengths?.length && count < Math.min(...lengths))
      return refuse(describeLength('TOO_SHORT', where), 'mobile_too_short');
    if (lengths?.length && count > Math.max(...lengths))
      return refuse(describeLength('TOO_LONG', where), 'mobile_too_long');
    return refuse(
      `This is not a mobile number in ${where} (a landline, or a digit is wrong): sign-in codes are sent by SMS.`,
      'mobile_not_mobile',
    );
  }

  /**
   * The country a canonical number belongs to (`IN`; `JM` for +1 876, which shares +1 with the US), or undefined for a
   * number of no country: +979 (international premium rate), +881 (satellite phones) and the like.
   */
  function countryOfNumber(e164: string): CountryCode | undefined {
    try {
      return parse(e164).country;
    } catch {
      return undefined;
    }
  }

  /** `+91 98765 43210`, for showing a stored number; anything unparseable is shown as stored. */
  function formatMobile(e164: string): string {
    try {
      return parse(e164).formatInternational();
    } catch {
      return e164;
    }
  }

  /** The lengths a mobile number of the country can have (the library's typed API only gives every type's lengths together). */
  function mobileLengths(country: CountryCode): number[] | undefined {
    const numbering = new Metadata(metadata);
    numbering.selectNumberingPlan(country);
    const plan = numbering.numberingPlan as
      | { type?: (type: 'MOBILE') => { possibleLengths(): number[] } | undefined }
      | undefined;
    return plan?.type?.('MOBILE')?.possibleLengths();
  }

  return {
    canonicalMobile,
    countryOfNumber,
    formatMobile,
    isCountryCode: (value: string): value is CountryCode => isSupportedCountry(value as CountryCode, metadata),
    /** `91` for `IN`: the calling code of numbers written without one. */
    callingCodeOf: (country: CountryCode): string => getCountryCallingCode(country, metadata),
  };
}

function lengthCode(problem: string): MobileRefusalCode {
  if (problem === 'TOO_SHORT') return 'mobile_too_short';
  if (problem === 'TOO_LONG') return 'mobile_too_long';
  if (problem === 'INVALID_COUNTRY') return 'mobile_country_unknown';
  if (problem === 'NOT_A_NUMBER') return 'mobile_not_a_number';
  return 'mobile_wrong_length';
}

function describeLength(problem: string, country: string | undefined): string {
  const inCountry = country ? ` for ${country}` : '';
  switch (problem) {
    case 'TOO_SHORT':
      return `The number is too short${inCountry}: a digit is missing.`;
    case 'TOO_LONG':
      return `The number is too long${inCountry}: there are extra digits.`;
    case 'INVALID_COUNTRY':
      return 'The country code is not known: start the number with + and a valid country code.';
    case 'NOT_A_NUMBER':
      return 'This is not a phone number.';
    default:
      return `The number has the wrong number of digits${inCountry}.`;
  }
}
