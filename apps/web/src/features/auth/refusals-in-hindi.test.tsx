import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../i18n/language.ts';
import { hindiMessages } from '../../i18n/hi.ts';
import { type Answer, mockApi, ok, refused } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

// A refusal reaches a Hindi screen in Hindi, once, and without the field names the server's English carries
// (issue 34 item 5): translated by its code where its sentence is not known (docs/decisions/058).

const hi = (english: string) => hindiMessages[english]!;
const chat = () => ok({ link: 'https://wa.me/919000000000' });
const sent = () =>
  ok(
    { otp_ref: 'ref-aaaaaaaaaaaaaaaaaaaa', resend_after: 30, otp_length: 4 },
    'We sent a code to your registered mobile number.',
  );
const toasts = () => document.querySelector('[data-rht-toaster]')?.textContent ?? '';

/** /login in Hindi: the demo number typed (whole, so the field itself has nothing to refuse), 'Send code' pressed. */
async function sendCodeInHindi(login: () => Answer, handlers: Parameters<typeof mockApi>[0] = {}) {
  await act(() => chooseLanguage('hi'));
  mockApi({ '/Auth/whatsapp_chat': chat, '/Auth/login': login, ...handlers });
  const { user } = renderApp('/login', null);
  await user.click(await screen.findByLabelText(hi('Mobile number')));
  await user.keyboard('9876543210');
  await user.click(screen.getByRole('button', { name: hi('Send code') }));
  return user;
}

/** The text is on the page exactly once, and nothing of the server's English is. */
async function shownOnceInHindi(text: string, english: RegExp) {
  expect(await screen.findByText(text)).toBeInTheDocument();
  expect(screen.getAllByText(text)).toHaveLength(1);
  expect(document.body.textContent).not.toMatch(english);
  expect(document.body.textContent).not.toMatch(/\b(mobile|phone_code|academic_level):/);
}

afterEach(() => chooseLanguage('en'));

describe('a refusal on a Hindi screen', { timeout: 20_000 }, () => {
  it('of the number is said once, in Hindi, beside the number, without "mobile:" and without a toast', async () => {
    await sendCodeInHindi(() =>
      refused(400, 'mobile: The number is too short for India: a digit is missing.', {
        code: 'mobile_too_short',
        field: 'mobile',
      }),
    );
    // The sentence is known whole (the phone field says it too), so its own translation wins over the code's text.
    const said = hi('The number is too short for India: a digit is missing.');
    await shownOnceInHindi(said, /too short|digit is missing/);
    expect(screen.getByRole('alert')).toHaveTextContent(said);
    expect(toasts()).toBe('');
  });

  it("of the body's schema names the field by its Hindi label", async () => {
    await sendCodeInHindi(() =>
      refused(400, 'mobile: mobile must be digits (spaces and dashes allowed)', {
        code: 'invalid_field',
        field: 'mobile',
      }),
    );
    await shownOnceInHindi('कृपया मोबाइल नंबर जाँचें।', /must be digits/);
  });

  it('with a code this app does not know falls back to a general Hindi message, never the English', async () => {
    await sendCodeInHindi(() => refused(429, 'A reason written after this app was built.', { code: 'some_new_code' }));
    await shownOnceInHindi(
      hi('This was refused. Please check what you entered and try again.'),
      /written after this app/,
    );
  });

  it('of a code, answered with status false, is translated by its code in one toast', async () => {
    const user = await sendCodeInHindi(sent, {
      '/Auth/verifyOTP': () => ({
        status: 200,
        body: { status: false, message: 'A reworded expiry the dictionary lacks.', code: 'code_expired' },
      }),
    });
    await user.click(await screen.findByLabelText('4 में से अंक 1'));
    await user.keyboard('1234');
    await user.click(screen.getByRole('button', { name: hi('Submit') }));
    await shownOnceInHindi(hi('This code has expired. Please ask for a new code.'), /reworded expiry/);
    await waitFor(() => expect(toasts()).toContain(hi('This code has expired. Please ask for a new code.')));
  });

  it('of the register form is said once under the field it is about', async () => {
    await act(() => chooseLanguage('hi'));
    mockApi({
      '/Auth/whatsapp_chat': chat,
      '/Auth/registration': () => ok({ mode: 'requests', contact_link: '' }),
      '/Auth/academic_levels': () => ok([{ id: 4, name: 'Class 11' }]),
      '/Auth/signup': () =>
        refused(
          400,
          'mobile: We can text a registration code only to a mobile number of India. Please contact the institute to join.',
          {
            code: 'mobile_country_not_served',
            field: 'mobile',
          },
        ),
    });
    const { user } = renderApp('/login', null);
    await user.click(await screen.findByRole('button', { name: hi('New student? Register') }));
    await user.type(await screen.findByLabelText(hi('Name')), 'Kavya Menon');
    await user.type(screen.getByLabelText(hi('Father/Mother Name')), 'Suresh Menon');
    await user.type(screen.getByLabelText(hi('State')), 'Kerala');
    await user.type(screen.getByLabelText(hi('District')), 'Kochi');
    await user.click(screen.getByLabelText(hi('Mobile number')));
    await user.keyboard('9988776655');
    await user.selectOptions(screen.getByLabelText(hi('Select your academic level')), 'Class 11');
    await user.click(screen.getByRole('button', { name: hi('Register') }));

    const text = hi('We cannot text a registration code to this country. Please contact the institute to join.');
    await shownOnceInHindi(text, /We can text/);
    // The field's description is the refusal, then the field's own hint about other countries.
    expect(screen.getByLabelText(hi('Mobile number'))).toHaveAccessibleDescription(expect.stringContaining(text));
    expect(toasts()).toBe('');
  });
});
