import type { StudentDetail } from '@portal/contract/console';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'wouter';
import { Loader } from '../../../components/status-views.tsx';
import { fieldOf } from '../../lib/console-api.ts';
import { useStudent } from './api/get-student.ts';
import { useSetStudentActive, useSignOutStudent, useUpdateStudent } from './api/change-student.ts';
import { type DetailField, detailFields } from './detail-fields.ts';
import { DetailFieldset } from './detail-fieldset.tsx';
import { EnrolmentForm } from './enrolment-form.tsx';

type Field = DetailField;

/** One student opened from the roster: details, enrolments and access. Teachers see it; admins change it. */
export function StudentEditor({ studentId, canChange }: { studentId: number; canChange: boolean }) {
  const student = useStudent(studentId);
  return (
    <section
      aria-labelledby="student-heading"
      className="space-y-4 rounded-xl border border-slate-300 bg-white p-4 sm:p-6"
    >
      {student.isPending ? (
        <Loader />
      ) : student.isError ? (
        <div role="alert" className="space-y-2">
          <h2 id="student-heading" className="text-lg font-semibold">
            Could not open this student
          </h2>
          <p className="text-red-800">{student.error.message}</p>
          <Link href="/students" className="font-medium text-blue-800 underline">
            Back to the roster
          </Link>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="student-heading" className="text-xl font-bold">
              {student.data.student.name}
              {student.data.student.active ? null : (
                <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-sm font-medium">Deactivated</span>
              )}
            </h2>
            <Link href="/students" className="font-medium text-blue-800 underline">
              Close
            </Link>
          </div>
          <DetailsForm student={student.data.student} canChange={canChange} />
          <EnrolmentForm
            student={student.data.student}
            subjects={student.data.subjects}
            batches={student.data.batches}
            canChange={canChange}
          />
          {canChange ? <AccessActions student={student.data.student} /> : null}
        </>
      )}
    </section>
  );
}

function DetailsForm({ student, canChange }: { student: StudentDetail; canChange: boolean }) {
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    name: student.name,
    mobile: student.mobile,
    guardian: student.guardian,
    email: student.email,
    state: student.state,
    district: student.district,
    academic_level: student.academic_level,
  }));
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const update = useUpdateStudent();

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!values.name.trim()) return setProblems({ name: 'Enter the name.' });
    if (!values.mobile.trim()) return setProblems({ mobile: 'Enter the mobile number.' });
    setProblems({});
    update.mutate(
      { stud_id: student.stud_id, ...values },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => {
          const named = fieldOf(error.message);
          if (named && detailFields.some(([f]) => f === named.field)) setProblems({ [named.field]: named.problem });
          else toast.error(error.message);
        },
      },
    );
  };

  return (
    <form onSubmit={save} className="space-y-3" aria-label="Details">
      <DetailFieldset
        idPrefix="student"
        disabled={!canChange || update.isPending}
        values={values}
        onChange={setValues}
        problems={problems}
      />
      {canChange ? (
        <button
          type="submit"
          disabled={update.isPending}
          className="rounded-md bg-slate-900 px-4 py-2 font-medium text-white hover:bg-slate-700 disabled:opacity-60"
        >
          {update.isPending ? 'Saving…' : 'Save details'}
        </button>
      ) : (
        <p className="text-sm text-slate-600">Only admins change students.</p>
      )}
    </form>
  );
}

function AccessActions({ student }: { student: StudentDetail }) {
  const setActive = useSetStudentActive();
  const signOut = useSignOutStudent();
  const report = {
    onSuccess: (answer: { message: string }) => toast.success(answer.message),
    onError: (error: Error) => toast.error(error.message),
  };
  return (
    <div className="space-y-2 border-t border-slate-200 pt-4">
      <h3 className="text-lg font-semibold">Access</h3>
      <p className="text-sm text-slate-600">
        {student.active
          ? 'Deactivating signs the student out everywhere at once and refuses sign-in; nothing of their history is deleted.'
          : 'This student cannot sign in. Reactivate to let them sign in again.'}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={setActive.isPending}
          onClick={() => setActive.mutate({ stud_id: student.stud_id, active: !student.active }, report)}
          className={`rounded-md px-3 py-2 font-medium disabled:opacity-60 ${student.active ? 'bg-red-700 text-white hover:bg-red-800' : 'bg-green-800 text-white hover:bg-green-900'}`}
        >
          {student.active ? 'Deactivate' : 'Reactivate'}
        </button>
        <button
          type="button"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate({ stud_id: student.stud_id }, report)}
          className="rounded-md border border-slate-400 px-3 py-2 font-medium hover:bg-slate-100 disabled:opacity-60"
        >
          Sign out everywhere
        </button>
      </div>
    </div>
  );
}
