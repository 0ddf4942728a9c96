import type { StaffMember, StaffRole } from '@portal/contract/console';
import toast from 'react-hot-toast';
import { useStaffSession } from '../../lib/staff-session.ts';
import { useUpdateStaff } from './api/update-staff.ts';

/** One row per member: a table on wide screens, stacked on a phone. */
export function StaffList({ members }: { members: StaffMember[] }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {members.map((member) => (
        <StaffRow key={member.staff_id} member={member} />
      ))}
    </ul>
  );
}

function StaffRow({ member }: { member: StaffMember }) {
  const update = useUpdateStaff();
  const myId = useStaffSession((s) => s.staff?.staff_id);
  const change = (change: { role?: StaffRole; active?: boolean }) =>
    update.mutate(
      { staff_id: member.staff_id, ...change },
      { onSuccess: (answer) => toast.success(answer.message), onError: (error) => toast.error(error.message) },
    );
  const roleId = `role-${member.staff_id}`;
  return (
    <li className="grid gap-3 p-4 sm:grid-cols-[1fr_auto_auto] sm:items-center">
      <div className="min-w-0">
        <p className="font-semibold">
          {member.name}
          {member.staff_id === myId ? <span className="font-normal text-slate-600"> (you)</span> : null}
          {member.active ? null : (
            <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800">
              Deactivated
            </span>
          )}
        </p>
        <p className="text-sm text-slate-600 tabular-nums">{member.mobile}</p>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={roleId} className="text-sm text-slate-700">
          Role
        </label>
        <select
          id={roleId}
          value={member.role}
          disabled={update.isPending}
          onChange={(event) => change({ role: event.target.value as StaffRole })}
          aria-label={`Role of ${member.name}`}
          className="rounded-md border border-slate-400 bg-white px-2 py-1.5"
        >
          <option value="admin">Admin</option>
          <option value="teacher">Teacher</option>
        </select>
      </div>
      <button
        type="button"
        disabled={update.isPending}
        onClick={() => change({ active: !member.active })}
        aria-label={`${member.active ? 'Deactivate' : 'Reactivate'} ${member.name}`}
        className="rounded-md border border-slate-400 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 disabled:opacity-60"
      >
        {member.active ? 'Deactivate' : 'Reactivate'}
      </button>
    </li>
  );
}
