import { adminsOnly } from '@portal/contract/console';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearch } from 'wouter';
import { Loader } from '../../../components/status-views.tsx';
import { ConsolePageHeading } from '../../components/console-page-heading.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useStaffSession } from '../../lib/staff-session.ts';
import { useExportStudents } from './api/export-students.ts';
import { type StudentListParams, useStudents } from './api/list-students.ts';
import { StudentEditor } from './student-editor.tsx';
import { StudentTable } from './student-table.tsx';

/** /console/students: the roster, searched by name or number, a page at a time; `?id=` opens one student. */
export default function StudentsPage() {
  const openId = Number(new URLSearchParams(useSearch()).get('id')) || 0;
  const isAdmin = useStaffSession((s) => (s.staff ? adminsOnly.includes(s.staff.role) : false));
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
      <Roster />
    </div>
  );
}

function Roster() {
  const [typed, setTyped] = useState('');
  const [params, setParams] = useState<StudentListParams>({ q: '', status: 'all' });
  const [earlier, setEarlier] = useState<StudentListParams['after'][]>([]);
  const students = useStudents(params);

  // A search starts once typing pauses, from the first page.
  useEffect(() => {
    const timer = setTimeout(() => {
      setParams((p) => (p.q === typed.trim() ? p : { ...p, q: typed.trim(), after: undefined }));
      setEarlier([]);
    }, 250);
    return () => clearTimeout(timer);
  }, [typed]);

  const next = students.data?.next;
  return (
    <section aria-labelledby="roster-heading" className="space-y-3">
      <h2 id="roster-heading" className="sr-only">
        Roster
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 space-y-1">
          <label htmlFor="roster-search" className="block font-medium">
            Search by name or number
          </label>
          <input
            id="roster-search"
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="Arjun, or 98765 43210"
            className="w-full rounded-lg border border-slate-400 px-3 py-2"
          />
        </div>
        <SelectField
          id="roster-status"
          label="Show"
          value={params.status}
          fullWidth={false}
          onChange={(value) => {
            setParams({ ...params, status: value as StudentListParams['status'], after: undefined });
            setEarlier([]);
          }}
        >
          <option value="all">All students</option>
          <option value="active">Active</option>
          <option value="inactive">Deactivated</option>
        </SelectField>
      </div>
      {students.isPending ? (
        <Loader />
      ) : students.isError ? (
        <div role="alert" className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-4">
          <p className="font-semibold text-red-800">Could not load the students.</p>
          <p className="text-red-800">{students.error.message}</p>
          <button
            type="button"
            onClick={() => void students.refetch()}
            className="rounded-md border border-red-300 bg-white px-3 py-1.5 font-medium"
          >
            Try again
          </button>
        </div>
      ) : students.data.students.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
          {params.q ? `No student matches “${params.q}”.` : 'No students yet. Add one, or import a CSV.'}
        </p>
      ) : (
        <StudentTable students={students.data.students} busy={students.isFetching} />
      )}
      <nav aria-label="Pages" className="flex justify-between gap-3">
        <button
          type="button"
          disabled={earlier.length === 0}
          onClick={() => {
            setParams({ ...params, after: earlier.at(-1) });
            setEarlier(earlier.slice(0, -1));
          }}
          className="rounded-md border border-slate-400 px-3 py-1.5 font-medium hover:bg-slate-100 disabled:opacity-50"
        >
          Previous page
        </button>
        <button
          type="button"
          disabled={!next}
          onClick={() => {
            if (!next) return;
            setEarlier([...earlier, params.after]);
            setParams({ ...params, after: next });
          }}
          className="rounded-md border border-slate-400 px-3 py-1.5 font-medium hover:bg-slate-100 disabled:opacity-50"
        >
          Next page
        </button>
      </nav>
    </section>
  );
}
