import { useEffect, useState } from 'react';
import { Loader } from '../../../components/status-views.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useEnrolmentChoices } from './api/add-student.ts';
import { filterOf, type StudentListParams, useStudents } from './api/list-students.ts';
import { type Chosen, SelectionBar } from './selection-bar.tsx';
import { placesOf } from './student-places.ts';
import { StudentTable } from './student-table.tsx';

const nothingChosen: Chosen = { kind: 'ids', ids: new Set() };

/**
 * The roster: searched by name or number, filtered by status, subject and batch, a page at a time. Admins tick
 * students (or all that match) for a bulk action; a change of the filter clears what was ticked.
 */
export function Roster({ canChange, canMessage }: { canChange: boolean; canMessage: boolean }) {
  const [typed, setTyped] = useState('');
  const [params, setParams] = useState<StudentListParams>({ q: '', status: 'all' });
  const [earlier, setEarlier] = useState<StudentListParams['after'][]>([]);
  const [chosen, setChosen] = useState<Chosen>(nothingChosen);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const students = useStudents(params);
  const choices = useEnrolmentChoices();
  const subjects = choices.data?.subjects ?? [];
  const batches = choices.data?.batches ?? [];

  const refilter = (change: Partial<StudentListParams>) => {
    setParams((p) => ({ ...p, ...change, after: undefined }));
    setEarlier([]);
    setChosen(nothingChosen);
  };

  // A search starts once typing pauses, from the first page.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (typed.trim() === params.q) return;
      setParams((p) => ({ ...p, q: typed.trim(), after: undefined }));
      setEarlier([]);
      setChosen(nothingChosen);
    }, 250);
    return () => clearTimeout(timer);
  }, [typed, params.q]);

  const toggle = (ids: number[], on: boolean) => {
    // Unticking one of "all that match" keeps the others of this page ticked.
    const next = new Set(chosen.kind === 'ids' ? chosen.ids : (students.data?.students ?? []).map((s) => s.stud_id));
    for (const id of ids)
      if (on) next.add(id);
      else next.delete(id);
    setChosen({ kind: 'ids', ids: next });
  };
  const somethingChosen = chosen.kind === 'all' || chosen.ids.size > 0;
  const filtered = Boolean(params.q || params.subject_id || params.batch_id || params.status !== 'all');
  const next = students.data?.next;

  return (
    <section aria-labelledby="roster-heading" className="space-y-3">
      <h2 id="roster-heading" className="sr-only">
        Roster
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(12rem,2fr)_repeat(3,minmax(0,1fr))] lg:items-end">
        <div className="min-w-0 space-y-1">
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
          onChange={(value) => refilter({ status: value as StudentListParams['status'] })}
        >
          <option value="all">All students</option>
          <option value="active">Active</option>
          <option value="inactive">Deactivated</option>
        </SelectField>
        <SelectField
          id="roster-subject"
          label="Subject"
          value={params.subject_id ?? 0}
          disabled={choices.isPending}
          onChange={(value) => {
            const subjectId = Number(value) || undefined;
            const batch = batches.find((b) => b.id === params.batch_id);
            refilter({
              subject_id: subjectId,
              batch_id: batch && batch.subject_id === subjectId ? batch.id : undefined,
            });
          }}
        >
          <option value={0}>Every subject</option>
          {subjects.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="roster-batch"
          label="Batch"
          value={params.batch_id ?? 0}
          disabled={choices.isPending}
          onChange={(value) => refilter({ batch_id: Number(value) || undefined })}
        >
          <option value={0}>Every batch</option>
          {batches
            .filter((b) => !params.subject_id || b.subject_id === params.subject_id)
            .map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
        </SelectField>
      </div>
      {choices.isError ? (
        <p role="alert" className="text-red-800">
          Could not load the subjects and batches: {choices.error.message}
        </p>
      ) : null}
      <div role="status" className="empty:hidden">
        {result ? (
          <p
            className={`rounded-lg border p-3 font-medium ${result.ok ? 'border-green-300 bg-green-50 text-green-900' : 'border-red-300 bg-red-50 text-red-800'}`}
          >
            {result.message}
          </p>
        ) : null}
      </div>
      {canChange && somethingChosen ? (
        <SelectionBar
          chosen={chosen}
          filter={filterOf(params)}
          subjects={subjects}
          batches={batches}
          canMessage={canMessage}
          onChoose={(c) => {
            setChosen(c);
            setResult(null);
          }}
          onDone={(done) => {
            setResult(done);
            if (done.ok) setChosen(nothingChosen);
          }}
        />
      ) : null}
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
          {params.q
            ? `No student matches “${params.q}”.`
            : filtered
              ? 'No student matches these filters.'
              : 'No students yet. Add one, or import a CSV.'}
        </p>
      ) : (
        <StudentTable
          students={students.data.students}
          busy={students.isFetching}
          placesOf={(s) => placesOf(s, subjects, batches)}
          selection={
            canChange
              ? { isSelected: (id) => chosen.kind === 'all' || chosen.ids.has(id), onToggle: toggle }
              : undefined
          }
        />
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
