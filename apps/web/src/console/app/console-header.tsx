import { staffLogout, type StaffMember } from '@portal/contract/console';
import { callConsole } from '../lib/console-api.ts';
import { useStaffSession } from '../lib/staff-session.ts';

const roleName = { admin: 'Admin', teacher: 'Teacher' } as const;

export function ConsoleHeader({ staff }: { staff: StaffMember }) {
  const signOut = () => {
    // The server forgets the session too; the console signs out whatever it answers.
    void callConsole(staffLogout).catch(() => undefined);
    useStaffSession.getState().signOut();
  };
  return (
    <header className="flex items-center gap-3 bg-slate-900 px-4 py-3 text-white md:col-span-2">
      <img src="/favicon.svg" alt="" width="28" height="28" />
      <p className="flex-1 truncate font-semibold">Institute console</p>
      <p className="hidden truncate text-sm text-slate-200 sm:block">
        {staff.name} · {roleName[staff.role]}
      </p>
      <button
        type="button"
        onClick={signOut}
        className="rounded-md border border-slate-500 px-3 py-1.5 text-sm font-medium hover:bg-slate-800"
      >
        Sign out
      </button>
    </header>
  );
}
