import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session-store.ts';
import { type Answer, mockApi, ok, refused } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

const levels = () =>
  ok([
    { id: 3, name: 'Class 10' },
    { id: 4, name: 'Class 11' },
  ]);
const open = () => ok({ mode: 'requests', contact_link: 'https://wa.me/919000000000' });
const sent = () =>
  ok({ otp_ref: 'ref-rrrrrrrrrrrrrrrrrrrr', resend_after: 30, otp_length: 4 }, 'We sent a code to your mobile number.');
const filed = (): Answer => ({
  status: 200,
  body: {
    status: true,
    message: 'Your request went to the institute. You will get an SMS when you can sign in.',
    data: { request_id: 12 },
  },
});
const chat = () => ok({ link: 'https://wa.me/919000000000' });

type Handlers = Parameters<typeof mockApi>[0];

/** Opens /login signed out and the register step from it. */
async function openRegister(handlers: Handlers = {}) {
  const calls = mockApi({
    '/Auth/registration': open,
    '/Auth/academic_levels': levels,
    '/Auth/whatsapp_chat': chat,
    ...handlers,
  });
  const { user } = renderApp('/login', null);
  await user.click(await screen.findByRole('button', { name: 'New student? Register' }));
  return { user, calls };
}

async function fillForm(
  user: Awaited<ReturnType<typeof openRegister>>['user'],
  { email = 'kavya@example.com', mobile = '9988776655' } = {},
) {
  await user.type(await screen.findByLabelText('Name'), 'Kavya Menon');
  await user.type(screen.getByLabelText('Father/Mother Name'), 'Suresh Menon');
  await user.type(screen.getByLabelText('State'), 'Kerala');
  await user.type(screen.getByLabelText('District'), 'Kochi');
  if (email) await user.type(screen.getByLabelText('Email (optional)'), email);
  await user.click(screen.getByLabelText('Mobile number'));
  await user.keyboard(mobile);
  await user.selectOptions(screen.getByLabelText('Select your academic level'), 'Class 11');
}

const signupCalls = (calls: Awaited<ReturnType<typeof openRegister>>['calls']) =>
  calls.filter((c) => c.path === '/Auth/signup');

describe('the register step', () => {
  it.each(['+91 99887 76655', '919988776655', '09988776655'])(
    'sends the number %j typed key by key as +91 9988776655',
    async (written) => {
      const { user, calls } = await openRegister({ '/Auth/signup': sent });
      await fillForm(user, { mobile: written });
      await user.click(screen.getByRole('button', { name: 'Register' }));
      await waitFor(() => expect(signupCalls(calls)).toHaveLength(1));
      expect(signupCalls(calls)[0]?.body).toMatchObject({ mobile: '9988776655', phone_code: '91' });
    },
  );

  it("offers the institute's academic levels", async () => {
    await openRegister();
    const select = await screen.findByLabelText('Select your academic level');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Class 10', 'Class 11']);
    expect(screen.getByLabelText('Mobile number')).toBeRequired();
  });

  it('names every missing field under it, focuses the first, and sends nothing', async () => {
    const { user, calls } = await openRegister();
    await user.click(await screen.findByRole('button', { name: 'Register' }));

    const name = screen.getByLabelText('Name');
    expect(name).toHaveFocus();
    expect(name).toBeInvalid();
    expect(name).toHaveAccessibleDescription('Enter your name.');
    expect(screen.getByLabelText('Father/Mother Name')).toHaveAccessibleDescription(
      "Enter your father's or mother's name.",
    );
    expect(screen.getByLabelText('State')).toHaveAccessibleDescription('Enter your state.');
    expect(screen.getByLabelText('District')).toHaveAccessibleDescription('Enter your district.');
    expect(screen.getByLabelText('Email (optional)')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription(/^Enter your mobile number\. /);
    expect(screen.getByLabelText('Select your academic level')).toHaveAccessibleDescription(
      'Choose your academic level.',
    );
    expect(signupCalls(calls)).toEqual([]);
  });

  it('checks the email when one is given', async () => {
    const { user, calls } = await openRegister();
    await fillForm(user, { email: 'kavya@' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const email = screen.getByLabelText('Email (optional)');
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription('Enter a valid email address, or leave it empty.');
    expect(signupCalls(calls)).toEqual([]);
  });

  it('sends the form, proves the number with the code, then says the request went to the institute', async () => {
    const { user, calls } = await openRegister({ '/Auth/signup': sent, '/Auth/verifyOTP': filed });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    // Not "your registered mobile number": the number is not registered yet.
    expect(await screen.findByText('Enter the OTP code sent to the number you entered')).toBeInTheDocument();
    expect(screen.queryByText(/registered mobile number/)).not.toBeInTheDocument();
    expect(screen.getByText(/\+91 99887 76655/)).toBeInTheDocument();
    expect(signupCalls(calls)[0]?.body).toEqual({
      name: 'Kavya Menon',
      guardian: 'Suresh Menon',
      state: 'Kerala',
      district: 'Kochi',
      email: 'kavya@example.com',
      mobile: '9988776655',
      phone_code: '91',
      academic_level: '4',
    });

    await user.click(screen.getByLabelText('Digit 1 of 4'));
    await user.keyboard('1234');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const heading = await screen.findByRole('heading', { name: 'Your request went to the institute' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/send an SMS to/)).toHaveTextContent('send an SMS to +91 99887 76655 when you can sign in');
    expect(calls.find((c) => c.path === '/Auth/verifyOTP')?.body).toEqual({
      otp_ref: 'ref-rrrrrrrrrrrrrrrrrrrr',
      otp: '1234',
    });
    expect(useSession.getState()).toMatchObject({ user: null, token: null, otpRef: null });
    expect(window.location.pathname).toBe('/login');

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('button', { name: 'Send code' })).toBeInTheDocument();
  });

  it("puts the server's refusal of a field under that field", async () => {
    const { user } = await openRegister({
      '/Auth/signup': () =>
        refused(400, 'academic_level: Choose one of the listed levels.', {
          code: 'academic_level_unknown',
          field: 'academic_level',
        }),
    });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const select = screen.getByLabelText('Select your academic level');
    await waitFor(() => expect(select).toHaveAccessibleDescription('Choose one of the listed levels.'));
    expect(select).toHaveFocus();
  });

  it('shows why no code could be sent and keeps the form', async () => {
    const { user } = await openRegister({
      '/Auth/signup': () => refused(429, 'Too many codes were sent to this number. Please try again in 40 minutes.'),
    });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText('Too many codes were sent to this number. Please try again in 40 minutes.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Kavya Menon');
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
  });

  it('returns to the filled form after a refused code', async () => {
    const { user } = await openRegister({
      '/Auth/signup': sent,
      '/Auth/verifyOTP': () => ({
        status: 200,
        body: { status: false, message: 'Wrong code. You have 4 tries left.' },
      }),
    });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await user.click(await screen.findByLabelText('Digit 1 of 4'));
    await user.keyboard('9999');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Wrong code. You have 4 tries left.')).toBeInTheDocument();
    expect(await screen.findByLabelText('Name')).toHaveValue('Kavya Menon');
    expect(screen.getByLabelText('Select your academic level')).toHaveValue('4');
  });

  it('sends a number that already has an account to sign-in, with the number filled in', async () => {
    const { user } = await openRegister({
      '/Auth/signup': sent,
      '/Auth/verifyOTP': () => ({
        status: 200,
        body: { status: false, message: 'This number already has an account. Please sign in with it.', sign_in: true },
      }),
    });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await user.click(await screen.findByLabelText('Digit 1 of 4'));
    await user.keyboard('1234');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('This number already has an account. Please sign in with it.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toHaveValue('+91 99887 76655');
  });

  it('offers the contact link instead of the form when registration is closed', async () => {
    const { calls } = await openRegister({
      '/Auth/registration': () => ok({ mode: 'closed', contact_link: 'https://wa.me/919000000001' }),
    });
    const link = await screen.findByRole('link', { name: /Contact the institute/ });
    expect(link).toHaveAttribute('href', 'https://wa.me/919000000001');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText(/To join, please contact the institute/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
    expect(signupCalls(calls)).toEqual([]);
  });

  it('says when the form cannot be loaded, and tries again on request', async () => {
    let fail = true;
    const { user } = await openRegister({
      '/Auth/academic_levels': () => (fail ? refused(500, 'Something broke') : levels()),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Select your academic level')).toBeInTheDocument();
  });

  it('goes back to sign-in', async () => {
    const { user } = await openRegister();
    await user.click(await screen.findByRole('button', { name: 'Already registered? Sign in' }));
    expect(screen.getByRole('button', { name: 'Send code' })).toBeInTheDocument();
  });
});
