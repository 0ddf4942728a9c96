import { adminsOnly } from '@portal/contract/console';
import toast from 'react-hot-toast';
import { Link, useSearch } from 'wouter';
import { ConsolePageHeading } from '../../components/console-page-heading.tsx';
import { useStaffSession } from '../../lib/staff-session.ts';
import { useExportStudents } from './api/export-students.ts';
import { Roster } from './roster.tsx';
import { StudentEditor } from './student-editor.tsx';

/**
 * /console/students: the roster, searched by name or number and filtered by subject and batch, a page at a time; admins
 * act on several students at once. `?id=` opens one student.
 */
export default function StudentsPage() {
  const openId = Number(new URLSearchParams(useSearch()).get('id')) || 0;
  const role = useStaffSession((s) => s.staff?.role);
  const isAdmin = role !== undefined && adminsOnly.includes(role);
  // Who sends messages: admins, the office staff of decision 005's two roles (the messages page declares the same).
  const canMessage = role !== undefined && adminsOnly.includes(role);
  const exporter = useExportStudents();
  return (
    <div className="space-y-6">
      <ConsolePageHeading title="Students">
        {isAdmin ? (
          <div className="flex flex-wrap gap-2">
            <Link
              href="/students/new"
              className="rounded-md bg-slate-900 px-3 py-2 font-medium text-white hover:bg-slate-700"
            >
              Add a student
            </Link>
            <Link
              href="/students/import"
              className="rounded-md bg-slate-900 px-3 py-2 font-medium text-white hover:bg-slate-700"
            >
              Import CSV
            </Link>
            <button
              type="button"
              disabled={exporter.isPending}
              onClick={() =>
                exporter.mutate(undefined, {
                  onSuccess: (name) => toast.success(`Saved ${name}`),
                  onError: (e) => toast.error(e.message),
                })
              }
              className="rounded-md border border-slate-400 px-3 py-2 font-medium hover:bg-slate-100 disabled:opacity-60"
            >
              {exporter.isPending ? 'Exporting…' : 'Export CSV'}
            </button>
          </div>
        ) : null}
      </ConsolePageHeading>
      {openId ? <StudentEditor key={openId} studentId={openId} canChange={isAdmin} /> : null}
      <Roster canChange={isAdmin} canMessage={canMessage} />
    </div>
  );
}
