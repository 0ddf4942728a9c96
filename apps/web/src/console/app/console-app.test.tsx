import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, openConsole, teacher } from '../../../test/console-fixtures.tsx';
import { ok, refused } from '../../../test/mock-api.ts';
import { useStaffSession } from '../lib/staff-session.ts';

describe('the console', () => {
  it('signs a staff member in with the number, then the code, and opens the overview', {
    timeout: 20_000,
  }, async () => {
    const { calls, user } = openConsole('/console', {
      as: null,
      api: {
        '/Auth/login': () => ok({ otp_ref: 'r'.repeat(22), resend_after: 30, otp_length: 4, idle_hours: 12 }),
        '/Auth/verifyOTP': () => ({
          status: 200,
          body: { status: true, message: 'Welcome, Asha Admin', data: admin, token: 't'.repeat(43) },
        }),
        '/Auth/me': () => ok(admin),
      },
    });
    await user.type(await screen.findByLabelText('Mobile number'), '98111 00001');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Sign-in code'), '1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Asha Admin' })).toBeInTheDocument();
    expect(window.location.pathname).toMatch(/^\/console\/?$/);
    expect(calls.slice(0, 2).map((c) => c.body)).toEqual([
      { mobile: '98111 00001' },
      { otp_ref: 'r'.repeat(22), otp: '1234' },
    ]);
    expect(useStaffSession.getState().token).toBe('t'.repeat(43));
  });

  it('takes a code of the length the server sent (OTP_LENGTH 6) and says so when it is short', async () => {
    const { calls, user } = openConsole('/console', {
      as: null,
      api: {
        '/Auth/login': () => ok({ otp_ref: 'r'.repeat(22), resend_after: 30, otp_length: 6, idle_hours: 8 }),
        '/Auth/verifyOTP': () => ({
          status: 200,
          body: { status: true, message: 'Welcome, Asha Admin', data: admin, token: 't'.repeat(43) },
        }),
        '/Auth/me': () => ok(admin),
      },
    });
    await user.type(await screen.findByLabelText('Mobile number'), '98111 00001');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByLabelText('Sign-in code');
    // The server's STAFF_IDLE_HOURS, said before signing in.
    expect(
      screen.getByText(
        'You stay signed in on this device until you sign out, or until the console goes unused for 8 hours.',
      ),
    ).toBeInTheDocument();
    await user.type(code, '1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The code has 6 digits.')).toBeInTheDocument();
    await user.type(code, '5678');
    expect(code).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Asha Admin' })).toBeInTheDocument();
    expect(calls[1]!.body).toEqual({ otp_ref: 'r'.repeat(22), otp: '123456' });
  });

  it('shows a refused number beside the field it names', async () => {
    const { user } = openConsole('/console/sign-in', {
      as: null,
      api: { '/Auth/login': () => refused(400, 'mobile: is not a valid mobile number') },
    });
    await user.type(await screen.findByLabelText('Mobile number'), '12');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('This mobile number is not a valid mobile number.')).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows an admin the Staff page in the menu and a teacher not, and tells a teacher it is not for their role', async () => {
    openConsole('/console/staff', { api: { '/Auth/me': () => ok(teacher) } });
    expect(await screen.findByRole('heading', { name: 'Not for your role' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).queryByRole('link', { name: 'Staff' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Overview' })).toBeInTheDocument();
  });

  it('lists staff for an admin and adds a teacher, showing a refusal beside its field', async () => {
    let added = false;
    const { user } = openConsole('/console/staff', {
      as: admin,
      api: {
        '/Members/list': () => ok({ staff: added ? [admin, teacher] : [admin] }),
        '/Members/add': (call) => {
          if ((call.body as { mobile: string }).mobile === '123')
            return refused(400, 'mobile: is not a valid mobile number');
          added = true;
          return ok(teacher, 'Tara Teacher can now sign in to the console.');
        },
      },
    });
    expect(await screen.findByRole('combobox', { name: 'Role of Asha Admin' })).toHaveValue('admin');
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Staff' })).toHaveAttribute('aria-current', 'page');

    await user.type(await screen.findByLabelText('Name'), 'Tara Teacher');
    await user.type(screen.getByLabelText('Mobile number'), '123');
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    expect(await screen.findByText('This mobile number is not a valid mobile number.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Mobile number'));
    await user.type(screen.getByLabelText('Mobile number'), '98111 00002');
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    expect(await screen.findByRole('combobox', { name: 'Role of Tara Teacher' })).toHaveValue('teacher');
  });

  it('shows the error with a retry when the list cannot be loaded', async () => {
    openConsole('/console/staff', {
      as: admin,
      api: {
        '/Members/list': () => refused(403, 'Your role does not allow this.'),
      },
    });
    expect(await screen.findByText('Your role does not allow this.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('signs out when the server says the session has ended', async () => {
    openConsole('/console', {
      as: admin,
      api: { '/Auth/me': () => refused(401, 'Your session has ended. Please sign in again.') },
    });
    expect(await screen.findByRole('heading', { name: 'Console sign-in' })).toBeInTheDocument();
    expect(useStaffSession.getState().token).toBeNull();
  });
});
