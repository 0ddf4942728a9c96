import { describe, expect, it } from 'vitest';
import { canonicalMobile, formatMobile } from '../src/phone.ts';

const demo = { ok: true, e164: '+919876543210', callingCode: '91', national: '9876543210' };

describe('canonical mobile numbers', () => {
  it.each([
    '+91 98765 43210',
    '098765 43210',
    '91-98765-43210',
    '9876543210',
    '919876543210',
    '0091 98765 43210',
    '+91 (0) 98765-43210',
    '  98765.43210 ',
  ])('reads %j as the same number', (written) => {
    expect(canonicalMobile(written)).toEqual(demo);
  });

  it('reads a number without + in the configured country', () => {
    expect(canonicalMobile('07911 123456', { defaultCountry: 'GB' })).toMatchObject({
      ok: true,
      e164: '+447911123456',
    });
    expect(canonicalMobile('+44 7911 123456')).toMatchObject({ ok: true, e164: '+447911123456', callingCode: '44' });
  });

  it('reads a number against a calling code chosen apart from it, as the sign-in form sends it', () => {
    expect(canonicalMobile('09876543210', { callingCode: '91' })).toEqual(demo);
    expect(canonicalMobile('4155552671', { callingCode: '1' })).toMatchObject({ ok: true, e164: '+14155552671' });
  });

  it.each([
    ['', 'Enter a mobile number.'],
    ['98765abc10', 'only digits'],
    ['98765 4321', 'too short for India'],
    ['98765 43210 12', 'too long for India'],
    ['+999 98765 43210', 'country code is not known'],
    ['022 2345 6789', 'not a mobile number in India'],
    ['55555 12345', 'not a mobile number in India'],
  ])('refuses %j, saying why', (written, reason) => {
    const check = canonicalMobile(written);
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.message).toContain(reason);
  });

  it('shows a stored number the way people write it', () => {
    expect(formatMobile('+919876543210')).toBe('+91 98765 43210');
  });
});
