import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as india from '../src/phone-india.ts';
import * as world from '../src/phone.ts';
import { indiaOnly } from '../scripts/india-only.mjs';

const installed = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('libphonenumber-js/metadata.mobile.json'), 'utf8'),
);

describe("the student app's India-only reading of numbers", () => {
  it("holds the installed library's own data for India (else run packages/contract/scripts/write-india-metadata.mjs)", () => {
    expect(india.indiaMetadata).toEqual(indiaOnly(installed));
  });

  it.each([
    '+91 99501 23456',
    '919950123456',
    '09950123456',
    '0091 99501 23456',
    '9950123456',
    '(099501) 23-456',
    '91-99501-23456',
    '12345',
    '919950123',
    '91995012345',
    '9199501234',
    '+91 91 99501 23456',
    '2212345678',
    '+44 7911 123456',
    'abc',
  ])('reads %j exactly as the server does', (written) => {
    const here = india.canonicalMobile(written);
    const there = world.canonicalMobile(written);
    if (here.ok || !here.unknownCountry) expect(here).toEqual(there);
    else expect(there.ok ? there.callingCode : '').not.toBe('91');
  });
});
