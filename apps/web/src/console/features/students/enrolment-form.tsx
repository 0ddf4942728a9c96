import type { StudentDetail } from '@portal/contract/console';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useEnrolStudent } from './api/change-student.ts';

interface Named {
  id: number;
  name: string;
}

/** The subjects and, under each, its batches: ticking a batch enrols in its subject too. */
export function EnrolmentForm({
  student,
  subjects,
  batches,
  canChange,
}: {
  student: StudentDetail;
  subjects: Named[];
  batches: (Named & { subject_id: number })[];
  canChange: boolean;
}) {
  const [subjectIds, setSubjectIds] = useState(() => new Set(student.subject_ids));
  const [batchIds, setBatchIds] = useState(() => new Set(student.batch_ids));
  const enrol = useEnrolStudent();
  const toggle = (set: Set<number>, id: number, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    enrol.mutate(
      { stud_id: student.stud_id, subject_ids: [...subjectIds], batch_ids: [...batchIds] },
      { onSuccess: (answer) => toast.success(answer.message), onError: (error) => toast.error(error.message) },
    );
  };

  if (subjects.length === 0) return <p className="text-slate-600">There are no subjects to enrol in yet.</p>;
  return (
    <form onSubmit={save} className="space-y-3" aria-label="Enrolment">
      <fieldset disabled={!canChange || enrol.isPending} className="space-y-2">
        <legend className="mb-1 text-lg font-semibold">Subjects and batches</legend>
        {subjects.map((subject) => (
          <div key={subject.id} className="rounded-lg border border-slate-200 p-3">
            <label className="flex items-center gap-2 font-medium">
              <input
                type="checkbox"
                checked={subjectIds.has(subject.id)}
                onChange={(event) => setSubjectIds(toggle(subjectIds, subject.id, event.target.checked))}
                className="size-4"
              />
              {subject.name}
            </label>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 pl-6">
              {batches
                .filter((b) => b.subject_id === subject.id)
                .map((batch) => (
                  <label key={batch.id} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={batchIds.has(batch.id)}
                      onChange={(event) => {
                        setBatchIds(toggle(batchIds, batch.id, event.target.checked));
                        if (event.target.checked) setSubjectIds(toggle(subjectIds, subject.id, true));
                      }}
                      className="size-4"
                    />
                    {batch.name}
                  </label>
                ))}
            </div>
          </div>
        ))}
      </fieldset>
      {canChange ? (
        <button
          type="submit"
          disabled={enrol.isPending}
          className="rounded-md bg-slate-900 px-4 py-2 font-medium text-white hover:bg-slate-700 disabled:opacity-60"
        >
          {enrol.isPending ? 'Saving…' : 'Save enrolment'}
        </button>
      ) : null}
    </form>
  );
}
