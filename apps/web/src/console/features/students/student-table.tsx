import type { StudentSummary } from '@portal/contract/console';
import { Link } from 'wouter';
import { showMobile } from './show-mobile.ts';

/** Ticking students for a bulk action (admins only); absent, the rows have no checkboxes. */
export interface RowSelection {
  isSelected: (studentId: number) => boolean;
  onToggle: (studentIds: number[], on: boolean) => void;
}

/** The roster's rows: a table on wide screens, one card per student on a phone. */
export function StudentTable({
  students,
  busy,
  placesOf,
  selection,
}: {
  students: StudentSummary[];
  busy: boolean;
  /** A student's subjects and batches, said compactly. */
  placesOf: (student: StudentSummary) => string;
  selection?: RowSelection | undefined;
}) {
  const allTicked = students.length > 0 && students.every((s) => selection?.isSelected(s.stud_id));
  return (
    <div className="space-y-2">
      {selection ? (
        <label className="flex items-center gap-2 px-3 font-medium">
          <input
            type="checkbox"
            checked={allTicked}
            onChange={(event) =>
              selection.onToggle(
                students.map((s) => s.stud_id),
                event.target.checked,
              )
            }
            className="size-5"
          />
          Select everyone on this page
        </label>
      ) : null}
      <ul aria-busy={busy} className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {students.map((s) => (
          <li
            key={s.stud_id}
            className="grid gap-1 p-3 sm:grid-cols-[minmax(8rem,1fr)_10rem_minmax(8rem,1fr)_6rem] sm:items-center sm:gap-3"
          >
            <span className="flex items-center gap-2">
              {selection ? (
                <input
                  type="checkbox"
                  aria-label={`Select ${s.name}`}
                  checked={selection.isSelected(s.stud_id)}
                  onChange={(event) => selection.onToggle([s.stud_id], event.target.checked)}
                  className="size-5 shrink-0"
                />
              ) : null}
              <Link
                href={`/students?id=${s.stud_id}`}
                className="font-semibold text-blue-800 underline-offset-2 hover:underline [overflow-wrap:anywhere]"
              >
                {s.name}
              </Link>
            </span>
            <span className="text-sm text-slate-700 tabular-nums">{showMobile(s.mobile)}</span>
            <span className="text-sm text-slate-700">
              <span className="sr-only">Subjects and batches: </span>
              {placesOf(s) || <span className="text-slate-600">No subject</span>}
              {s.academic_level ? <span className="block text-slate-600">{s.academic_level}</span> : null}
            </span>
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
    </div>
  );
}
