/**
 * The same rules as `phone.ts` (mobile-numbers.ts) over India's part only of the very same mobile metadata
 * (metadata.mobile.india.json, written by scripts/write-india-metadata.mjs): for the student app's phone field, which
 * is on the login's first load. An Indian number reads exactly as the server reads it; a number of another country is
 * refused with `unknownCountry`, and the caller leaves it to the server.
 */
import type { MetadataJson } from 'libphonenumber-js/core';
import metadata from './metadata.mobile.india.json' with { type: 'json' };
import { mobileNumbers } from './mobile-numbers.ts';

export { type MobileCheck } from './mobile-numbers.ts';

// JSON's strings are not the library's country-code literals; the data is the library's own (test/phone-india.test.ts).
export const indiaMetadata = metadata as unknown as MetadataJson;

export const { canonicalMobile, formatMobile } = mobileNumbers(indiaMetadata);
