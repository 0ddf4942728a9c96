import type { StaffMember } from '@portal/contract/console';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConsoleApp } from '../src/console/app/console-app.tsx';
import { useStaffSession } from '../src/console/lib/staff-session.ts';
import { type ApiCall, type Answer, mockApi, ok } from './mock-api.ts';

/** Where the console's calls go (the student app's go to /Api). */
export const base = '/console/micros/Staff';

export const admin: StaffMember = {
  staff_id: 1,
  name: 'Asha Admin',
  mobile: '+919811100001',
  role: 'admin',
  active: true,
  created_at: '2026-11-23T10:00:00Z',
};

/** The staff member most console tests sign in as. */
export const teacher: StaffMember = {
  ...admin,
  staff_id: 2,
  name: 'Tara Teacher',
  mobile: '+919811100002',
  role: 'teacher',
};

export type ConsoleHandlers = Record<string, (call: ApiCall) => Answer | Promise<Answer>>;

/**
 * Renders the whole console (its guards, lazy pages and client) at `path`, signed in `as` a staff member (the
 * teacher unless told; `null`: signed out). `api` answers calls by their path under `base` (`'/News/list'`);
 * `/Auth/me` answers with the signed-in member unless `api` says otherwise. Returns the calls made, in order.
 */
export function openConsole(
  path: string,
  { as = teacher, api = {} }: { as?: StaffMember | null; api?: ConsoleHandlers } = {},
) {
  const calls = mockApi({
    ...(as ? { [`${base}/Auth/me`]: () => ok(as) } : {}),
    ...Object.fromEntries(Object.entries(api).map(([call, handler]) => [`${base}${call}`, handler])),
  });
  useStaffSession.setState({ staff: as, token: as ? 'staff-token' : null });
  window.history.replaceState(null, '', path);
  return { calls, user: userEvent.setup(), ...render(<ConsoleApp />) };
}
