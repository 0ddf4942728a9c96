import type { GoLiveState, StaffMember } from '@portal/contract/console';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, base, openConsole, teacher } from '../../../../test/console-fixtures.tsx';
import { ok } from '../../../../test/mock-api.ts';

const demo: GoLiveState = {
  items: [
    { key: 'demo_removed', done: false, detail: '13 demo rows (staff, students, subjects, news) remain.' },
    { key: 'own_admin', done: false, detail: 'No admin of your own yet.' },
    { key: 'sms_gateway', done: false, detail: 'SMS_PROVIDER is log: codes are written to a file, not texted.' },
    { key: 'chat_and_name', done: true, detail: 'APP_NAME is Sunrise; CHAT_LINK is https://wa.me/914712345678.' },
    { key: 'backup', done: null, detail: 'No backup by the portal’s backup command is recorded.' },
  ],
};

function openOverview(staff: StaffMember, state: GoLiveState) {
  return openConsole('/console', { as: staff, api: { '/GoLive/status': () => ok(state) } }).calls;
}

describe("the Overview's go-live checklist", () => {
  it('lists each step with its state, what the server sees, and a link or a one-line how-to', async () => {
    openOverview(admin, demo);
    const list = await screen.findByRole('region', { name: 'Going live' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'To do: Add your first admin',
      'To do: Set the SMS gateway and get a test SMS',
      'Done: Set the chat link and the app name',
      'To do: Remove the demo data',
      'Not known: Take a backup',
    ]);
    expect(within(list).getByRole('link', { name: 'Add your first admin' })).toHaveAttribute('href', '/console/staff');
    expect(items[1]).toHaveTextContent('SMS_PROVIDER is log');
    expect(items[3]).toHaveTextContent('npm run portal -- demo remove --commit');
    expect(items[4]).toHaveTextContent('npm run portal -- backup');
    // A done step says what is set, not how to do it.
    expect(items[2]).not.toHaveTextContent('.env');
  });

  it('is gone once every step is done', async () => {
    const calls = openOverview(admin, { items: demo.items.map((item) => ({ ...item, done: true })) });
    expect(await screen.findByRole('heading', { name: /^Welcome/ })).toBeInTheDocument();
    await expect.poll(() => calls.map((c) => c.path)).toContain(`${base}/GoLive/status`);
    expect(screen.queryByRole('region', { name: 'Going live' })).toBeNull();
  });

  it('is not asked for on a teacher’s Overview (the call is for admins)', async () => {
    const calls = openOverview(teacher, demo);
    expect(await screen.findByRole('heading', { name: 'Welcome, Tara Teacher' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Going live' })).toBeNull();
    expect(calls.map((c) => c.path)).not.toContain(`${base}/GoLive/status`);
  });
});
