import type { RegistrationBudgetState, StaffMember } from '@portal/contract/console';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, base, openConsole, teacher } from '../../../../test/console-fixtures.tsx';
import { ok } from '../../../../test/mock-api.ts';

const quiet: RegistrationBudgetState = {
  per_hour: 30,
  per_day: 200,
  sent_last_hour: 4,
  sent_last_day: 11,
  refused_last_day: 0,
  last_refused_at: null,
};

function openOverview(staff: StaffMember, budget: RegistrationBudgetState) {
  return openConsole('/console', { as: staff, api: { '/RegistrationBudget/status': () => ok(budget) } }).calls;
}

describe("the Overview's registration codes", () => {
  it('shows an admin how much of the budget is spent, with no alarm while nothing was refused', async () => {
    openOverview(admin, quiet);
    expect(
      await screen.findByText('Texted to new students: 4 of 30 in the last hour, 11 of 200 in the last 24 hours.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says that the budget was used up, how many signups were refused, when, and what to do', async () => {
    openOverview(admin, {
      ...quiet,
      sent_last_hour: 30,
      sent_last_day: 30,
      refused_last_day: 170,
      last_refused_at: '2026-11-27T08:35:00Z',
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      /^The budget was used up: 170 signups were refused in the last 24 hours, the last at .*2:05.*\. If these are real students, raise REGISTRATION_SMS_PER_HOUR/,
    );
  });

  it('is not asked for on a teacher’s Overview (the call is for admins)', async () => {
    const calls = openOverview(teacher, quiet);
    expect(await screen.findByRole('heading', { name: 'Welcome, Tara Teacher' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Registration codes' })).toBeNull();
    expect(calls.map((c) => c.path)).not.toContain(`${base}/RegistrationBudget/status`);
  });
});
