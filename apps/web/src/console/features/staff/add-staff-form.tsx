import type { StaffRole } from '@portal/contract/console';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { TextField } from '../../components/text-field.tsx';
import { fieldOf, problemSentence } from '../../lib/console-api.ts';
import { useAddStaff } from './api/add-staff.ts';

type Problems = Partial<Record<'name' | 'mobile' | 'role' | 'form', string>>;

const labels = { name: 'name', mobile: 'mobile number', role: 'role' } as const;

/** Adds a staff member; each refusal is shown beside the field it names. */
export function AddStaffForm() {
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [role, setRole] = useState<StaffRole>('teacher');
  const [problems, setProblems] = useState<Problems>({});
  const add = useAddStaff();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = {};
    if (!name.trim()) found.name = 'Enter the name.';
    if (!mobile.trim()) found.mobile = 'Enter the mobile number.';
    setProblems(found);
    if (Object.keys(found).length) return;
    add.mutate(
      { name, mobile, role },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          setName('');
          setMobile('');
        },
        onError: (error) => {
          const field = fieldOf(error.message);
          if (field && (field.field === 'name' || field.field === 'mobile' || field.field === 'role')) {
            setProblems({ [field.field]: problemSentence(labels[field.field], field.problem) });
          } else setProblems({ form: error.message });
        },
      },
    );
  };

  return (
    <section aria-labelledby="add-staff-heading" className="max-w-xl space-y-3">
      <h2 id="add-staff-heading" className="text-lg font-semibold">
        Add a staff member
      </h2>
      <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <TextField
          id="new-staff-name"
          label="Name"
          value={name}
          onChange={setName}
          problem={problems.name}
          autoComplete="off"
        />
        <TextField
          id="new-staff-mobile"
          label="Mobile number"
          type="tel"
          value={mobile}
          onChange={setMobile}
          problem={problems.mobile}
          hint="For example +91 98765 43210"
          autoComplete="off"
        />
        <fieldset className="space-y-1">
          <legend className="font-medium">Role</legend>
          <div className="flex gap-4">
            {(['teacher', 'admin'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="new-staff-role"
                  value={value}
                  checked={role === value}
                  onChange={() => setRole(value)}
                />
                {value === 'admin' ? 'Admin (everything, staff too)' : 'Teacher (content, students)'}
              </label>
            ))}
          </div>
        </fieldset>
        <p role="alert" className="text-sm text-red-700 empty:hidden">
          {problems.form ?? problems.role ?? ''}
        </p>
        <button
          type="submit"
          disabled={add.isPending}
          aria-busy={add.isPending}
          className="rounded-lg bg-blue-700 px-4 py-2.5 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
        >
          Add staff member
        </button>
      </form>
    </section>
  );
}
