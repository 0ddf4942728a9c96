import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { emptyPhone, localNumber, PhoneField, type PhoneNumber } from './phone-field.tsx';

let latest: PhoneNumber = emptyPhone;

function Harness() {
  const [phone, setPhone] = useState(emptyPhone);
  latest = phone;
  return <PhoneField id="mobile" value={phone} onChange={setPhone} />;
}

const input = () => screen.getByLabelText('Mobile number') as HTMLInputElement;
const digitsShown = () => input().value.replace(/\D/g, '');

async function typeNumber(text: string) {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(input());
  await user.keyboard(text);
}

describe('a pasted number', () => {
  it.each(['+91 98765 43210', '098765 43210', '91-98765-43210', '9876543210', '+919876543210', '0091 98765 43210'])(
    'reads %s as +91 98765-43210',
    async (text) => {
      const user = userEvent.setup();
      render(<Harness />);
      await user.click(input());
      await user.paste(text);
      expect(input().value).toBe('+91 98765-43210');
      expect(localNumber(latest)).toBe('9876543210');
    },
  );
});

describe('the phone input', () => {
  it('starts in India (+91), is required and shows the default placeholder', () => {
    render(<Harness />);
    expect(input().value).toBe('+91');
    expect(input()).toBeRequired();
    expect(input()).toHaveAttribute('placeholder', '1 (702) 123-4567');
    expect(screen.getByRole('button', { name: /India: \+ 91/ })).toBeInTheDocument();
  });

  it('keeps digits only and formats them by the Indian mask', async () => {
    await typeNumber('98a765-x43210');
    expect(input().value).toBe('+91 98765-43210');
    expect(latest).toEqual({ digits: '919876543210', dialCode: '91' });
    expect(localNumber(latest)).toBe('9876543210');
  });

  it('takes at most 15 digits, even where the country mask would allow more', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    // Afghanistan has no mask of its own: the default one holds 14 digits after its code 93.
    await user.click(screen.getByRole('button', { name: /India: \+ 91/ }));
    await user.click(screen.getByRole('option', { name: /Afghanistan/ }));
    await user.click(input());
    await user.keyboard('{End}98765432109876543210');
    expect(digitsShown()).toHaveLength(15);
    expect(latest).toEqual({ digits: '939876543210987', dialCode: '93' });
  });

  it('stops at the mask of the chosen country', async () => {
    await typeNumber('98765432109876543210');
    expect(input().value).toBe('+91 98765-43210');
  });

  it('does not let typing change the country code', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tripleClick(input());
    await user.keyboard('{Backspace}{Backspace}{Backspace}44');
    expect(input().value.startsWith('+91')).toBe(true);
  });
});
