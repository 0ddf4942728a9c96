import { type FormEvent, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useLocation } from 'wouter';
import { ConsoleApiError } from '../../lib/console-api.ts';
import { useStaffSession } from '../../lib/staff-session.ts';
import { resendStaffCode } from './api/send-code.ts';
import { verifyStaffCode } from './api/verify-code.ts';
import type { PendingSignIn } from './sign-in-page.tsx';

interface CodeFormProps {
  pending: PendingSignIn;
  onResent: (pending: PendingSignIn) => void;
  /** Back to the number, with the reason when the code can no longer be used. */
  onBack: (message?: string) => void;
}

/** Step two: the code. A wrong code may be tried again (the server counts); a dead one sends back to the number. */
export function CodeForm({ pending, onResent, onBack }: CodeFormProps) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const secondsLeft = useSecondsUntil(pending.resendAt);
  const [, navigate] = useLocation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const length = pending.codeLength;
    if (!new RegExp(`^\\d{${length}}$`).test(code)) return setProblem(`The code has ${length} digits.`);
    setBusy(true);
    try {
      const result = await verifyStaffCode(pending.otpRef, code);
      if (result.status) {
        useStaffSession.getState().signIn(result.data, result.token);
        toast.success(result.message);
        navigate('/', { replace: true });
        return;
      }
      if (result.message.startsWith('Wrong code')) {
        setProblem(result.message);
        setCode('');
      } else onBack(result.message);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
    setBusy(false);
  };

  const resend = async () => {
    try {
      const sent = await resendStaffCode(pending.otpRef);
      onResent({
        ...pending,
        otpRef: sent.otp_ref,
        resendAt: Date.now() + sent.resend_after * 1000,
        codeLength: sent.otp_length,
        idleHours: sent.idle_hours,
      });
      setCode('');
      setProblem('');
      toast.success('We sent you a new code.');
    } catch (error) {
      if (error instanceof ConsoleApiError && error.status === 410) return onBack(error.message);
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="space-y-1">
        <label htmlFor="staff-code" className="block font-medium">
          Sign-in code
        </label>
        <p id="staff-code-hint" className="text-sm text-slate-600">
          Sent by SMS to {pending.mobile}.{' '}
          <button
            type="button"
            onClick={() => onBack()}
            className="font-medium text-blue-800 underline underline-offset-2"
          >
            Use another number
          </button>
        </p>
        <p className="text-sm text-slate-600">
          You stay signed in on this device until you sign out, or until the console goes unused for {pending.idleHours}{' '}
          hours.
        </p>
        <input
          id="staff-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={pending.codeLength}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          aria-invalid={problem ? true : undefined}
          aria-describedby="staff-code-hint staff-code-problem"
          className="w-full rounded-lg border border-slate-400 px-3 py-2.5 text-center text-2xl tracking-[0.5em] tabular-nums"
        />
        <p id="staff-code-problem" role="alert" className="min-h-5 text-sm text-red-700">
          {problem}
        </p>
      </div>
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy}
        className="w-full rounded-lg bg-blue-700 px-4 py-3 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
      >
        Sign in
      </button>
      <p className="text-sm">
        <button
          type="button"
          onClick={resend}
          disabled={secondsLeft > 0}
          className="rounded-md px-1 py-2 font-medium text-blue-800 underline underline-offset-2 disabled:text-slate-600 disabled:no-underline"
        >
          Resend code
        </button>{' '}
        <span className="tabular-nums text-slate-600">{secondsLeft > 0 ? `in ${secondsLeft} s` : ''}</span>
      </p>
    </form>
  );
}

function useSecondsUntil(at: number) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((at - now) / 1000));
}
