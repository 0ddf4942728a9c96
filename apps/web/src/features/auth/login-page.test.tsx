import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../config/api.ts';
import { useSession } from '../../lib/session-store.ts';
import { type Answer, mockApi, ok, refused } from '../../../test/mock-api.ts';
import { demoStudent, renderApp } from '../../../test/render-app.tsx';

const sent = (otp_ref: string, resend_after = 30, otp_length = 4) =>
  ok({ otp_ref, resend_after, otp_length }, 'We sent a code to your registered mobile number.');
const signedIn = (): Answer => ({
  status: 200,
  body: { status: true, message: 'Login successful', data: demoStudent, token: 'new-token' },
});
const chat = () => ok({ link: 'https://wa.me/919000000000' });

/** Opens /login signed out, enters the demo number and asks for a code. */
async function askForCode(handlers: Parameters<typeof mockApi>[0]) {
  const calls = mockApi({ '/Auth/whatsapp_chat': chat, ...handlers });
  const { user } = renderApp('/login', null);
  const mobile = await screen.findByLabelText('Mobile number');
  await user.click(mobile);
  await user.keyboard('9876543210');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  return { user, calls };
}

async function typeCode(user: Awaited<ReturnType<typeof askForCode>>['user'], code: string) {
  await user.click(await screen.findByLabelText('Digit 1 of 4'));
  await user.keyboard(code);
}

describe('the login page', () => {
  it("is titled 'Portal login' and asks for the mobile number first", async () => {
    mockApi({});
    renderApp('/login', null);
    expect(await screen.findByRole('heading', { name: 'Portal login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toHaveValue('');
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription(/^\+91 /);
    // The title is set in an effect, which React may run after the heading has been painted.
    await waitFor(() => expect(document.title).toBe('Portal login'));
  });

  it('sends the number with its country code, then asks for the code; Submit waits for four digits', async () => {
    const { user, calls } = await askForCode({ '/Auth/login': () => sent('ref-aaaaaaaaaaaaaaaaaaaa') });
    expect(await screen.findByText('Enter the OTP code sent to your registered mobile number')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/Auth/login')?.body).toEqual({ phone_code: '91', mobile: '9876543210' });
    expect(useSession.getState().otpRef).toBe('ref-aaaaaaaaaaaaaaaaaaaa');

    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await typeCode(user, '123');
    expect(submit).toBeDisabled();
    await user.keyboard('4');
    expect(submit).toBeEnabled();
  });

  it('shows as many boxes as the code sent has digits (OTP_LENGTH 6), and sends all six', async () => {
    const { user, calls } = await askForCode({
      '/Auth/login': () => sent('ref-aaaaaaaaaaaaaaaaaaaa', 30, 6),
      '/Auth/verifyOTP': signedIn,
    });
    await user.click(await screen.findByLabelText('Digit 1 of 6'));
    expect(screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ })).toHaveLength(6);
    await user.keyboard('12345');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await user.keyboard('6');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/Auth/verifyOTP')?.body).toEqual({
        otp_ref: 'ref-aaaaaaaaaaaaaaaaaaaa',
        otp: '123456',
      }),
    );
  });

  it('signs in on a right code: stores user and token, shows the message, goes Home', async () => {
    const { user, calls } = await askForCode({
      '/Auth/login': () => sent('ref-aaaaaaaaaaaaaaaaaaaa'),
      '/Auth/verifyOTP': signedIn,
    });
    await typeCode(user, '1234');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(calls.find((c) => c.path === '/Auth/verifyOTP')?.body).toEqual({
      otp_ref: 'ref-aaaaaaaaaaaaaaaaaaaa',
      otp: '1234',
    });
    expect(useSession.getState()).toMatchObject({ user: demoStudent, token: 'new-token', otpRef: null });
    expect(JSON.parse(localStorage.getItem('userData')!).state).toEqual({ user: demoStudent, token: 'new-token' });
  });

  it('on a wrong code that may be tried again shows the tries left and stays on the code, which then signs in', async () => {
    let wrong = true;
    const { user } = await askForCode({
      '/Auth/login': () => sent('ref-aaaaaaaaaaaaaaaaaaaa'),
      '/Auth/verifyOTP': () =>
        wrong
          ? { status: 200, body: { status: false, message: 'Wrong code. You have 4 tries left.', tries_left: 4 } }
          : signedIn(),
    });
    await typeCode(user, '9999');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Wrong code. You have 4 tries left.')).toBeInTheDocument();
    expect(screen.getByLabelText('Digit 1 of 4')).toHaveValue('');
    expect(useSession.getState().otpRef).toBe('ref-aaaaaaaaaaaaaaaaaaaa');

    wrong = false;
    await typeCode(user, '1234');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    // The wrong code's toast does not stay over Home (left alone, an error toast stays 4 s and leaves 1 s later).
    await waitFor(() => expect(screen.queryByText('Wrong code. You have 4 tries left.')).not.toBeInTheDocument(), {
      timeout: 2000,
    });
  });

  it("on a refused code that cannot be tried again shows the server's message and returns to the number, keeping it", async () => {
    const { user } = await askForCode({
      '/Auth/login': () => sent('ref-aaaaaaaaaaaaaaaaaaaa'),
      '/Auth/verifyOTP': () => ({
        status: 200,
        body: { status: false, message: 'Too many wrong tries for this code. Please ask for a new code.' },
      }),
    });
    await typeCode(user, '9999');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(
      await screen.findByText('Too many wrong tries for this code. Please ask for a new code.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toHaveValue('+91 98765 43210');
    expect(screen.queryByLabelText('Digit 1 of 4')).not.toBeInTheDocument();
    expect(useSession.getState()).toMatchObject({ user: null, token: null, otpRef: null });
  });

  it('on a network failure shows the network message and returns to the number', async () => {
    const { user } = await askForCode({ '/Auth/login': () => sent('ref-aaaaaaaaaaaaaaaaaaaa') });
    await typeCode(user, '1234');
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(NETWORK_ERROR_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toBeInTheDocument();
    expect(useSession.getState().otpRef).toBeNull();
  });

  it("shows the server's reason when no code can be sent, and stays on the number", async () => {
    await askForCode({
      '/Auth/login': () => refused(429, 'Too many codes were sent to this number. Please try again in 12 minutes.'),
    });
    expect(
      await screen.findByText('Too many codes were sent to this number. Please try again in 12 minutes.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  it('asks for the number before sending anything', async () => {
    const calls = mockApi({});
    const { user } = renderApp('/login', null);
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your mobile number.');
    expect(calls).toEqual([]);
  });

  // Issue 34: with "+91" shown, the old field turned `+91 99501 23456` into +91 91995-01234 and texted a stranger.
  it.each(['+91 99501 23456', '919950123456', '09950123456', '0091 99501 23456', '(099501) 23-456', '99501-23456'])(
    'sends %j typed key by key as +91 9950123456, and says so on the code step',
    async (written) => {
      const calls = mockApi({ '/Auth/whatsapp_chat': chat, '/Auth/login': () => sent('ref-aaaaaaaaaaaaaaaaaaaa') });
      const { user } = renderApp('/login', null);
      await user.click(await screen.findByLabelText('Mobile number'));
      await user.keyboard(written);
      await user.click(screen.getByRole('button', { name: 'Send code' }));
      await screen.findByText('Enter the OTP code sent to your registered mobile number');
      expect(calls.filter((c) => c.path === '/Auth/login').map((c) => c.body)).toEqual([
        { phone_code: '91', mobile: '9950123456' },
      ]);
      expect(screen.getByText('+91 99501 23456')).toBeInTheDocument();
    },
  );

  it('sends a pasted number as written', async () => {
    const calls = mockApi({ '/Auth/whatsapp_chat': chat, '/Auth/login': () => sent('ref-aaaaaaaaaaaaaaaaaaaa') });
    const { user } = renderApp('/login', null);
    await user.click(await screen.findByLabelText('Mobile number'));
    await user.paste('+91 99501 23456');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText('Enter the OTP code sent to your registered mobile number');
    expect(calls.find((c) => c.path === '/Auth/login')?.body).toEqual({ phone_code: '91', mobile: '9950123456' });
  });

  it('refuses a number it would have to guess at, says why under the field, and sends nothing', async () => {
    const calls = mockApi({});
    const { user } = renderApp('/login', null);
    const mobile = await screen.findByLabelText('Mobile number');
    await user.click(mobile);
    await user.keyboard('91995012345');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The number is too long for India: there are extra digits.');
    expect(mobile).toHaveAccessibleDescription(/^The number is too long for India/);
    expect(calls).toEqual([]);
  });

  it('offers a new code only after the cool-down, and shows how long is left', async () => {
    await askForCode({ '/Auth/login': () => sent('ref-aaaaaaaaaaaaaaaaaaaa', 30) });
    const resend = await screen.findByRole('button', { name: 'Resend code' });
    expect(resend).toBeDisabled();
    expect(resend).toHaveAccessibleDescription(/^in (30|29) s$/);
  });

  it('sends a new code after the cool-down and uses its new reference', async () => {
    const { user, calls } = await askForCode({
      '/Auth/login': () => sent('ref-aaaaaaaaaaaaaaaaaaaa', 0),
      '/Auth/resendOTP': () => sent('ref-bbbbbbbbbbbbbbbbbbbb', 30),
      '/Auth/verifyOTP': signedIn,
    });
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('We sent you a new code.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/Auth/resendOTP')?.body).toEqual({ otp_ref: 'ref-aaaaaaaaaaaaaaaaaaaa' });
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeDisabled();

    await typeCode(user, '5678');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(calls.find((c) => c.path === '/Auth/verifyOTP')?.body).toEqual({
      otp_ref: 'ref-bbbbbbbbbbbbbbbbbbbb',
      otp: '5678',
    });
  });

  it('links to the chat in a new tab for a student whose code did not come', async () => {
    await askForCode({ '/Auth/login': () => sent('ref-aaaaaaaaaaaaaaaaaaaa') });
    const link = await screen.findByRole('link', { name: /Didn't get the code\? Chat with us/ });
    expect(link).toHaveAttribute('href', 'https://wa.me/919000000000');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('lets the student go back and change the number', async () => {
    const { user } = await askForCode({ '/Auth/login': () => sent('ref-aaaaaaaaaaaaaaaaaaaa') });
    await user.click(await screen.findByRole('button', { name: 'Change number' }));
    expect(screen.getByLabelText('Mobile number')).toHaveValue('+91 98765 43210');
    expect(useSession.getState().otpRef).toBeNull();
  });
});
