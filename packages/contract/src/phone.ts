/**
 * Canonical mobile numbers over all of libphonenumber-js's mobile metadata (about 25 KB gzip): what the server, the
 * CLI and the console read numbers with (the rules are in mobile-numbers.ts). Imported as `@portal/contract/phone`,
 * not from the package's index, so that the metadata stays out of the student app's first load.
 */
import metadata from 'libphonenumber-js/metadata.mobile.json';
import { mobileNumbers } from './mobile-numbers.ts';

export {
  DEFAULT_COUNTRY,
  countryName,
  type CanonicalMobile,
  type CountryCode,
  type MobileCheck,
  type MobileContext,
  type MobileRefusalCode,
  type RefusedMobile,
} from './mobile-numbers.ts';

export const { canonicalMobile, countryOfNumber, formatMobile, isCountryCode, callingCodeOf } = mobileNumbers(metadata);
