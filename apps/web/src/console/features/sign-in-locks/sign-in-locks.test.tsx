import type { StaffMember } from '@portal/contract/console';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, refused } from '../../../../test/mock-api.ts';
import { ConsoleApp } from '../../app/console-app.tsx';
import { useStaffSession } from '../../lib/staff-session.ts';

const base = '/console/micros/Staff';
const admin: StaffMember = {
  staff_id: 1,
  name: 'Asha Admin',
  mobile: '+919811100001',
  role: 'admin',
  active: true,
  created_at: '2026-11-23T10:00:00Z',
};
const locked = { mobile: '+919876543210', locked_at: '2026-11-24T04:30:00Z', holder: 'Arjun Sharma' };

function renderConsole() {
  useStaffSession.setState({ staff: admin, token: 'staff-token' });
  window.history.replaceState(null, '', '/console/sign-in-locks');
  return { user: userEvent.setup(), ...render(<ConsoleApp />) };
}

describe('locked numbers in the console', () => {
  it('lists a locked number with whose it is and when it locked, and unlocks it', { timeout: 20_000 }, async () => {
    let unlocked = false;
    const calls = mockApi({
      [`${base}/Auth/me`]: () => ok(admin),
      [`${base}/SignInLocks/list`]: () => ok({ numbers: unlocked ? [] : [locked] }),
      [`${base}/SignInLocks/unlock`]: () => {
        unlocked = true;
        return ok(null, 'Sign-in for +919876543210 is unlocked.');
      },
    });
    const { user } = renderConsole();
    const row = (await screen.findByText('+919876543210')).closest('li')!;
    expect(within(row).getByText('Arjun Sharma · locked 24 Nov 2026, 10:00 am')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Unlock +919876543210' }));
    expect(await screen.findByText('No number is locked.')).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/SignInLocks/unlock'))?.body).toEqual({ mobile: '+919876543210' });
    expect(await screen.findByText('Sign-in for +919876543210 is unlocked.')).toBeInTheDocument();
  });

  it("shows the server's message and a way to try again when the list cannot be loaded", {
    timeout: 20_000,
  }, async () => {
    mockApi({
      [`${base}/Auth/me`]: () => ok(admin),
      [`${base}/SignInLocks/list`]: () => refused(500, 'Something went wrong'),
    });
    renderConsole();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Something went wrong')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
