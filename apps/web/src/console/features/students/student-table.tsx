import type { StudentSummary } from '@portal/contract/console';
import { Link } from 'wouter';
import { showMobile } from './show-mobile.ts';

/** The roster's rows: a table on wide screens, one card per student on a phone. */
export function StudentTable({ students, busy }: { students: StudentSummary[]; busy: boolean }) {
  return (
    <ul aria-busy={busy} className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {students.map((s) => (
        <li key={s.stud_id} className="grid gap-1 p-3 sm:grid-cols-[1fr_11rem_8rem_7rem] sm:items-center sm:gap-3">
          <Link
            href={`/students?id=${s.stud_id}`}
            className="font-semibold text-blue-800 underline-offset-2 hover:underline"
          >
            {s.name}
          </Link>
          <span className="text-sm text-slate-700 tabular-nums">{showMobile(s.mobile)}</span>
          <span className="text-sm text-slate-700">{s.academic_level}</span>
          <span>
            {s.active ? (
              <span className="text-sm text-green-800">Active</span>
            ) : (
              <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800">Deactivated</span>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
