import { type FormEvent, useState } from 'react';
import { fieldOf, problemSentence } from '../../lib/console-api.ts';
import { sendStaffCode } from './api/send-code.ts';
import type { PendingSignIn } from './sign-in-page.tsx';

/** Step one: the staff member's mobile number. */
export function MobileForm({ notice, onSent }: { notice: string; onSent: (pending: PendingSignIn) => void }) {
  const [mobile, setMobile] = useState('');
  const [fieldProblem, setFieldProblem] = useState('');
  const [formProblem, setFormProblem] = useState(notice);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!mobile.trim()) return setFieldProblem('Enter your mobile number.');
    setFieldProblem('');
    setFormProblem('');
    setBusy(true);
    try {
      const sent = await sendStaffCode(mobile);
      onSent({
        mobile: mobile.trim(),
        otpRef: sent.otp_ref,
        resendAt: Date.now() + sent.resend_after * 1000,
        codeLength: sent.otp_length,
        idleHours: sent.idle_hours,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const field = fieldOf(message);
      if (field?.field === 'mobile') setFieldProblem(problemSentence('mobile number', field.problem));
      else setFormProblem(message);
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-slate-600">Staff of the institute sign in with their mobile number; we text a code to it.</p>
      <div className="space-y-1">
        <label htmlFor="staff-mobile" className="block font-medium">
          Mobile number
        </label>
        <input
          id="staff-mobile"
          type="tel"
          autoComplete="tel"
          autoFocus
          value={mobile}
          onChange={(event) => setMobile(event.target.value)}
          aria-invalid={fieldProblem ? true : undefined}
          aria-describedby="staff-mobile-hint staff-mobile-problem"
          className="w-full rounded-lg border border-slate-400 px-3 py-2.5 text-lg"
        />
        <p id="staff-mobile-hint" className="text-sm text-slate-600">
          For example +91 98765 43210
        </p>
        <p id="staff-mobile-problem" className="min-h-5 text-sm text-red-700">
          {fieldProblem}
        </p>
      </div>
      <p role="alert" className="text-sm text-red-700 empty:hidden">
        {formProblem}
      </p>
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy}
        className="w-full rounded-lg bg-blue-700 px-4 py-3 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
      >
        Send code
      </button>
    </form>
  );
}
