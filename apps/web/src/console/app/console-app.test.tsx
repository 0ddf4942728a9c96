import type { StaffMember } from '@portal/contract/console';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, refused } from '../../../test/mock-api.ts';
import { useStaffSession } from '../lib/staff-session.ts';
import { ConsoleApp } from './console-app.tsx';

// Pages load lazily, and a cold module transform on a busy machine can take more than the default 1 s.

const base = '/console/micros/Staff';
const admin: StaffMember = {
  staff_id: 1,
  name: 'Asha Admin',
  mobile: '+919811100001',
  role: 'admin',
  active: true,
  created_at: '2026-11-23T10:00:00Z',
};
const teacher: StaffMember = { ...admin, staff_id: 2, name: 'Tarun Teacher', mobile: '+919811100002', role: 'teacher' };

function renderConsole(path: string, staff: StaffMember | null) {
  useStaffSession.setState({ staff, token: staff ? 'staff-token' : null });
  window.history.replaceState(null, '', path);
  const user = userEvent.setup();
  return { user, ...render(<ConsoleApp />) };
}

describe('the console', () => {
  it('signs a staff member in with the number, then the code, and opens the overview', {
    timeout: 20_000,
  }, async () => {
    const calls = mockApi({
      [`${base}/Auth/login`]: () => ok({ otp_ref: 'r'.repeat(22), resend_after: 30, otp_length: 4, idle_hours: 12 }),
      [`${base}/Auth/verifyOTP`]: () => ({
        status: 200,
        body: { status: true, message: 'Welcome, Asha Admin', data: admin, token: 't'.repeat(43) },
      }),
      [`${base}/Auth/me`]: () => ok(admin),
    });
    const { user } = renderConsole('/console', null);
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
    const calls = mockApi({
      [`${base}/Auth/login`]: () => ok({ otp_ref: 'r'.repeat(22), resend_after: 30, otp_length: 6, idle_hours: 8 }),
      [`${base}/Auth/verifyOTP`]: () => ({
        status: 200,
        body: { status: true, message: 'Welcome, Asha Admin', data: admin, token: 't'.repeat(43) },
      }),
      [`${base}/Auth/me`]: () => ok(admin),
    });
    const { user } = renderConsole('/console', null);
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
    mockApi({ [`${base}/Auth/login`]: () => refused(400, 'mobile: is not a valid mobile number') });
    const { user } = renderConsole('/console/sign-in', null);
    await user.type(await screen.findByLabelText('Mobile number'), '12');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('This mobile number is not a valid mobile number.')).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows an admin the Staff page in the menu and a teacher not, and tells a teacher it is not for their role', async () => {
    mockApi({ [`${base}/Auth/me`]: () => ok(teacher) });
    renderConsole('/console/staff', teacher);
    expect(await screen.findByRole('heading', { name: 'Not for your role' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).queryByRole('link', { name: 'Staff' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Overview' })).toBeInTheDocument();
  });

  it('lists staff for an admin and adds a teacher, showing a refusal beside its field', async () => {
    let added = false;
    mockApi({
      [`${base}/Auth/me`]: () => ok(admin),
      [`${base}/Members/list`]: () => ok({ staff: added ? [admin, teacher] : [admin] }),
      [`${base}/Members/add`]: (call) => {
        if ((call.body as { mobile: string }).mobile === '123')
          return refused(400, 'mobile: is not a valid mobile number');
        added = true;
        return ok(teacher, 'Tarun Teacher can now sign in to the console.');
      },
    });
    const { user } = renderConsole('/console/staff', admin);
    expect(await screen.findByRole('combobox', { name: 'Role of Asha Admin' })).toHaveValue('admin');
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Staff' })).toHaveAttribute('aria-current', 'page');

    await user.type(await screen.findByLabelText('Name'), 'Tarun Teacher');
    await user.type(screen.getByLabelText('Mobile number'), '123');
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    expect(await screen.findByText('This mobile number is not a valid mobile number.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Mobile number'));
    await user.type(screen.getByLabelText('Mobile number'), '98111 00002');
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));
    expect(await screen.findByRole('combobox', { name: 'Role of Tarun Teacher' })).toHaveValue('teacher');
  });

  it('shows the error with a retry when the list cannot be loaded', async () => {
    mockApi({
      [`${base}/Auth/me`]: () => ok(admin),
      [`${base}/Members/list`]: () => refused(403, 'Your role does not allow this.'),
    });
    renderConsole('/console/staff', admin);
    expect(await screen.findByText('Your role does not allow this.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('signs out when the server says the session has ended', async () => {
    mockApi({ [`${base}/Auth/me`]: () => refused(401, 'Your session has ended. Please sign in again.') });
    renderConsole('/console', admin);
    expect(await screen.findByRole('heading', { name: 'Console sign-in' })).toBeInTheDocument();
    expect(useStaffSession.getState().token).toBeNull();
  });
});
