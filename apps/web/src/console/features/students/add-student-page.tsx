import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation } from 'wouter';
import { Loader } from '../../../components/status-views.tsx';
import { ConsolePageHeading } from '../../components/console-page-heading.tsx';
import { fieldOf, problemSentence } from '../../lib/console-api.ts';
import { useAddStudent, useEnrolmentChoices } from './api/add-student.ts';
import { type DetailField, detailFields } from './detail-fields.ts';
import { DetailFieldset } from './detail-fieldset.tsx';
import { EnrolmentChoices } from './enrolment-choices.tsx';

const empty: Record<DetailField, string> = {
  name: '',
  mobile: '',
  guardian: '',
  email: '',
  state: '',
  district: '',
  academic_level: '',
};

/** A refusal of a field as a sentence: "This name is required.", "Email is not an email address.", or the server's own. */
const sayProblem = (field: string, label: string, problem: string) =>
  problem.startsWith(`${field} `)
    ? `${problem.charAt(0).toUpperCase()}${problem.slice(1).replace(/\.?$/, '.')}`
    : problemSentence(label.toLowerCase(), problem);

/** /console/students/new (admins): a walk-in, added as one line of a CSV would be, then opened in the roster. */
export default function AddStudentPage() {
  const choices = useEnrolmentChoices();
  const add = useAddStudent();
  const [, navigate] = useLocation();
  const [values, setValues] = useState(empty);
  const [enrolment, setEnrolment] = useState({ subjectIds: new Set<number>(), batchIds: new Set<number>() });
  const [problems, setProblems] = useState<Partial<Record<DetailField | 'enrolment', string>>>({});

  const save = (event: FormEvent) => {
    event.preventDefault();
    const missing: typeof problems = {};
    if (!values.name.trim()) missing.name = 'Enter the name.';
    if (!values.mobile.trim()) missing.mobile = 'Enter the mobile number.';
    setProblems(missing);
    if (Object.keys(missing).length) return;
    add.mutate(
      { ...values, subject_ids: [...enrolment.subjectIds], batch_ids: [...enrolment.batchIds] },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          navigate(`/students?id=${answer.data.stud_id}`);
        },
        onError: (error) => {
          const named = fieldOf(error.message);
          const label = detailFields.find(([f]) => f === named?.field)?.[1];
          if (named && label) setProblems({ [named.field]: sayProblem(named.field, label, named.problem) });
          else if (named?.field === 'subject_ids' || named?.field === 'batch_ids')
            setProblems({ enrolment: named.problem });
          else toast.error(error.message);
        },
      },
    );
  };

  return (
    <div className="space-y-6">
      <ConsolePageHeading title="Add a student">
        <Link href="/students" className="font-medium text-blue-800 underline">
          Back to students
        </Link>
      </ConsolePageHeading>
      <form
        onSubmit={save}
        noValidate
        aria-label="Add a student"
        className="space-y-4 rounded-xl border border-slate-300 bg-white p-4 sm:p-6"
      >
        <DetailFieldset
          idPrefix="new-student"
          disabled={add.isPending}
          values={values}
          onChange={setValues}
          problems={problems}
        />
        <fieldset disabled={add.isPending} className="space-y-2" aria-describedby="new-student-enrolment-problem">
          <legend className="mb-1 text-lg font-semibold">Subjects and batches</legend>
          {choices.isPending ? (
            <Loader />
          ) : choices.isError ? (
            <p role="alert" className="text-red-800">
              Could not load the subjects: {choices.error.message}
            </p>
          ) : choices.data.subjects.length === 0 ? (
            <p className="text-slate-600">There are no subjects to enrol in yet.</p>
          ) : (
            <EnrolmentChoices
              subjects={choices.data.subjects}
              batches={choices.data.batches}
              value={enrolment}
              onChange={setEnrolment}
            />
          )}
          <p id="new-student-enrolment-problem" className="min-h-5 text-sm text-red-700">
            {problems.enrolment}
          </p>
        </fieldset>
        <button
          type="submit"
          disabled={add.isPending}
          className="w-full rounded-md bg-slate-900 px-4 py-2 font-medium text-white hover:bg-slate-700 disabled:opacity-60 sm:w-auto"
        >
          {add.isPending ? 'Adding…' : 'Add student'}
        </button>
      </form>
    </div>
  );
}
