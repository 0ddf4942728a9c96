import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, openConsole } from '../../../../test/console-fixtures.tsx';
import { ok, refused } from '../../../../test/mock-api.ts';

const locked = { mobile: '+919876543210', locked_at: '2026-11-24T04:30:00Z', holder: 'Arjun Sharma' };

describe('locked numbers in the console', () => {
  it('lists a locked number with whose it is and when it locked, and unlocks it', { timeout: 20_000 }, async () => {
    let unlocked = false;
    const { calls, user } = openConsole('/console/sign-in-locks', {
      as: admin,
      api: {
        '/SignInLocks/list': () => ok({ numbers: unlocked ? [] : [locked] }),
        '/SignInLocks/unlock': () => {
          unlocked = true;
          return ok(null, 'Sign-in for +919876543210 is unlocked.');
        },
      },
    });
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
    openConsole('/console/sign-in-locks', {
      as: admin,
      api: {
        '/SignInLocks/list': () => refused(500, 'Something went wrong'),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Something went wrong')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
