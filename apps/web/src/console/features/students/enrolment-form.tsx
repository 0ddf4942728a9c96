import type { StudentDetail } from '@portal/contract/console';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useEnrolStudent } from './api/change-student.ts';
import { EnrolmentChoices } from './enrolment-choices.tsx';

interface Named {
  id: number;
  name: string;
}

/** The subjects and batches one student is enrolled in, saved together. */
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
  const [choice, setChoice] = useState(() => ({
    subjectIds: new Set(student.subject_ids),
    batchIds: new Set(student.batch_ids),
  }));
  const enrol = useEnrolStudent();

  const save = (event: FormEvent) => {
    event.preventDefault();
    enrol.mutate(
      { stud_id: student.stud_id, subject_ids: [...choice.subjectIds], batch_ids: [...choice.batchIds] },
      { onSuccess: (answer) => toast.success(answer.message), onError: (error) => toast.error(error.message) },
    );
  };

  if (subjects.length === 0) return <p className="text-slate-600">There are no subjects to enrol in yet.</p>;
  return (
    <form onSubmit={save} className="space-y-3" aria-label="Enrolment">
      <fieldset disabled={!canChange || enrol.isPending} className="space-y-2">
        <legend className="mb-1 text-lg font-semibold">Subjects and batches</legend>
        <EnrolmentChoices subjects={subjects} batches={batches} value={choice} onChange={setChoice} />
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
