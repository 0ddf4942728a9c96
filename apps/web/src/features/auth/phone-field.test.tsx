import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyPhone, PhoneField } from './phone-field.tsx';
import { loadFormatter, readPhone } from './phone-number.ts';

// The field fetches its formatter at the first keystroke; here it is already loaded, as it is after the first digit.
beforeAll(() => loadFormatter());

let latest = emptyPhone;

function Harness() {
  const [phone, setPhone] = useState(emptyPhone);
  latest = phone;
  return (
    <>
      <PhoneField id="mobile" value={phone} onChange={setPhone} />
      <button type="button">Next</button>
    </>
  );
}

const input = () => screen.getByLabelText('Mobile number') as HTMLInputElement;

async function open() {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(input());
  return user;
}

/** Types `text` key by key, as a student does (`{` and `[` are user-event's own syntax: escaped). */
const keys = (text: string) => text.replace(/[{[]/g, (c) => c + c);

// Every way the roster import reads a number (packages/contract/test/phone.test.ts), all of them one student.
const writings = [
  '+91 99501 23456',
  '919950123456',
  '09950123456',
  '0091 99501 23456',
  '9950123456',
  '99501-23456',
  '(099501) 23-456',
  '+91 (0) 99501-23456',
  '91-99501-23456',
];
const theNumber = { ok: true, mobile: '9950123456', phone_code: '91', shown: '+91 99501 23456' };

describe('the phone field', () => {
  it.each(writings)('reads %j typed key by key as +91 99501 23456, and shows it so once left', async (written) => {
    const user = await open();
    await user.keyboard(keys(written));
    expect(readPhone(latest)).toEqual(theNumber);
    await user.tab();
    expect(input()).toHaveValue('+91 99501 23456');
  });

  it.each(writings)('reads %j pasted as +91 99501 23456', async (written) => {
    const user = await open();
    await user.paste(written);
    expect(readPhone(latest)).toEqual(theNumber);
  });

  it('shows +91 in front and groups the digits as they come; a number with its own code hides the +91', async () => {
    const user = await open();
    expect(screen.getByText('+91')).toBeInTheDocument();
    await user.keyboard('99501');
    expect(input()).toHaveValue('99501');
    await user.keyboard('234');
    expect(input()).toHaveValue('99501 234');
    expect(input()).toHaveAccessibleDescription('+91 Another country? Start with + and its code.');
    await user.clear(input());
    await user.keyboard('+44');
    expect(screen.queryByText('+91')).not.toBeInTheDocument();
  });

  it('is a labelled, required telephone field that phones fill and offer a number pad for', () => {
    render(<Harness />);
    expect(input()).toBeRequired();
    expect(input()).toHaveAttribute('type', 'tel');
    expect(input()).toHaveAttribute('inputmode', 'tel');
    expect(input()).toHaveAttribute('autocomplete', 'tel');
  });

  it('keeps the caret after the digit typed in the middle, and Backspace after a space takes the digit before it', async () => {
    const user = await open();
    await user.keyboard('995023456');
    expect(input()).toHaveValue('99502 3456');
    input().setSelectionRange(4, 4);
    await user.keyboard('1');
    expect(input()).toHaveValue('99501 23456');
    expect(input().selectionStart).toBe(5);
    input().setSelectionRange(6, 6);
    await user.keyboard('{Backspace}');
    expect(input()).toHaveValue('99502 3456');
    expect(input().selectionStart).toBe(4);
  });

  it('keeps digits only, at most 15', async () => {
    const user = await open();
    await user.keyboard('+4a4-7911x1234567890123');
    expect(latest.replace(/\D/g, '')).toBe('447911123456789');
  });

  it.each([
    ['91995012345', 'The number is too long for India: there are extra digits.'],
    ['995012345', 'The number is too short for India: a digit is missing.'],
    ['+91 91 99501 23456', 'The number is too long for India: there are extra digits.'],
    [
      '2212345678',
      'This is not a mobile number in India (a landline, or a digit is wrong): sign-in codes are sent by SMS.',
    ],
  ])('refuses %j with the reason rather than guess at a number', async (written, message) => {
    const user = await open();
    await user.keyboard(keys(written));
    expect(readPhone(latest)).toEqual({ ok: false, message });
  });

  it('leaves a number of another country to the server, as written', async () => {
    const user = await open();
    await user.keyboard('+44 7911 123456');
    expect(readPhone(latest)).toMatchObject({ ok: true, mobile: '+447911123456', phone_code: '91' });
  });
});
