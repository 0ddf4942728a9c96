import type { AuditEntry } from '@portal/contract/console';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, openConsole, teacher } from '../../../../test/console-fixtures.tsx';
import { type ApiCall, ok, refused } from '../../../../test/mock-api.ts';

const entry = (
  id: number,
  action: string,
  before: unknown,
  after: unknown,
  label: string | null = 'Arjun Sharma',
): AuditEntry => ({
  id,
  at: '2026-11-24T04:30:00.123456Z',
  actor: 'Asha Admin (admin)',
  action,
  entity: action.split('.')[0]!,
  entity_id: '7',
  label,
  before,
  after,
});
const update = entry(
  3,
  'student.update',
  { name: 'Arjun Sharma', district: 'Ernakulam', email: '' },
  { name: 'Arjun Sharma', district: 'Mysuru', email: 'a@example.com' },
);
const deactivate = entry(2, 'student.deactivate', { active: true }, { active: false });
const added = entry(1, 'staff.add', null, { name: 'Tara Teacher', role: 'teacher' }, 'Tara Teacher');

const bodies = (calls: ApiCall[]) =>
  calls.filter((call) => call.path.endsWith('/AuditLog/list')).map((call) => call.body);

function renderLog(list: (call: ApiCall) => ReturnType<typeof ok>) {
  return openConsole('/console/audit-log', {
    as: admin,
    api: { '/Members/list': () => ok({ staff: [admin, teacher] }), '/AuditLog/list': list },
  });
}

describe('the audit log page', { timeout: 20_000 }, () => {
  it('lists changes with who and when, and opens one to show each changed field before and after', async () => {
    const { user } = renderLog(() => ok({ entries: [update, deactivate, added], next: null }));
    const changes = await screen.findByRole('list', { name: 'Changes' });
    const rows = within(changes).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('summary')?.textContent)).toEqual([
      'Student changed: Arjun SharmaAsha Admin (admin) · 24 Nov 2026, 10:00 am',
      'Student deactivated: Arjun SharmaAsha Admin (admin) · 24 Nov 2026, 10:00 am',
      'Staff member added: Tara TeacherAsha Admin (admin) · 24 Nov 2026, 10:00 am',
    ]);
    await user.click(within(rows[0]!).getByText('Student changed'));
    expect(within(rows[0]!).getByText('student.update · student 7')).toBeVisible();
    const table = within(rows[0]!).getByRole('table', { name: 'What changed' });
    // Only what changed: the unchanged name is left out.
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['districtErnakulamMysuru', 'email—a@example.com']);
    await user.click(within(rows[2]!).getByText('Staff member added'));
    expect(
      within(within(rows[2]!).getByRole('table'))
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['name—Tara Teacher', 'role—teacher']);
  });

  it("says a registration's times in the institute's time zone, and an action it does not know in words", async () => {
    const approved = entry(
      5,
      'registration.approve',
      { status: 'pending', name: 'Meera Nair', requested_at: '2026-11-23T18:45:00Z' },
      { status: 'approved', student_id: 41 },
      'Meera Nair',
    );
    const unknown = entry(4, 'timetable.print_all', null, null, null);
    const { user } = renderLog(() => ok({ entries: [approved, unknown], next: null }));
    const rows = within(await screen.findByRole('list', { name: 'Changes' })).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('summary span')?.textContent)).toEqual([
      'Registration approved',
      'Timetable print all',
    ]);
    await user.click(within(rows[0]!).getByText('Registration approved'));
    const changed = within(rows[0]!).getByRole('table', { name: 'What changed' });
    // 18:45 UTC is a quarter past midnight the next day in Kolkata.
    expect(within(changed).getByRole('row', { name: /requested_at/ })).toHaveTextContent(
      'requested_at24 Nov 2026, 12:15 am—',
    );
  });

  it('sends the filters it is given, and says when nothing matches', async () => {
    const { calls, user } = renderLog((call) =>
      ok({ entries: Object.keys(call.body as object).length > 1 ? [] : [update], next: null }),
    );
    await screen.findByRole('list', { name: 'Changes' });
    await user.selectOptions(await screen.findByLabelText('Who'), 'Tara Teacher (teacher)');
    await user.type(screen.getByLabelText('What'), 'student.deactivate');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-24');
    await user.click(screen.getByRole('button', { name: 'Show changes' }));
    expect(await screen.findByText('No changes match these filters.')).toBeInTheDocument();
    expect(bodies(calls).at(-1)).toEqual({
      staff_id: 2,
      action: 'student.deactivate',
      from: '2026-11-01',
      to: '2026-11-24',
      limit: 50,
    });
  });

  it('loads the next page below with the cursor of the last one', async () => {
    const { calls, user } = renderLog((call) =>
      (call.body as { after?: unknown }).after
        ? ok({ entries: [added], next: null })
        : ok({ entries: [update, deactivate], next: { at: deactivate.at, id: 2 } }),
    );
    await screen.findByRole('list', { name: 'Changes' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(
      await within(screen.getByRole('list', { name: 'Changes' })).findByText('Staff member added'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Changes' })).getAllByRole('listitem')).toHaveLength(3);
    expect(bodies(calls).at(-1)).toEqual({ after: { at: deactivate.at, id: 2 }, limit: 50 });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when nothing was recorded yet', async () => {
    renderLog(() => ok({ entries: [], next: null }));
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
  });

  it("shows the server's message and a way to try again when the log cannot be loaded", async () => {
    renderLog(() => refused(500, 'The database is not reachable.'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The database is not reachable.')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
