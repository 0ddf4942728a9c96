import { type FormEvent, useState } from 'react';
import { sendCode } from './api/send-code.ts';
import { PhoneField, type PhoneNumber } from './phone-field.tsx';
import { readPhone } from './phone-number.ts';
import { t } from '../../i18n/language.ts';

export interface CodeSent {
  otp_ref: string;
  resend_after: number;
  otp_length: number;
}

interface PhoneStepProps {
  phone: PhoneNumber;
  onPhoneChange: (phone: PhoneNumber) => void;
  onSent: (sent: CodeSent) => void;
  onRegister: () => void;
  /** The student is about to open the register step (pointer over it or focus on it): fetch its code. */
  onRegisterNear: () => void;
}

/** Step 'login': the mobile number, then 'Send code'. */
export function PhoneStep({ phone, onPhoneChange, onSent, onRegister, onRegisterNear }: PhoneStepProps) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const reading = readPhone(phone);
    if (!reading.ok) {
      setProblem(reading.message);
      return;
    }
    setProblem('');
    setPending(true);
    try {
      onSent(await sendCode(reading.phone_code, reading.mobile));
    } catch (error) {
      // Said once, beside the number it is about (a toast as well would say it twice).
      setProblem(error instanceof Error ? error.message : String(error));
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-slate-600">{t('Sign in with the mobile number the institute registered for you.')}</p>
      <PhoneField
        id="login-mobile"
        value={phone}
        onChange={onPhoneChange}
        autoFocus
        errorId={problem ? 'login-mobile-error' : undefined}
      />
      <p id="login-mobile-error" role="alert" className="min-h-5 text-sm text-red-700">
        {problem}
      </p>
      <button
        type="submit"
        disabled={pending}
        aria-busy={pending}
        className="w-full rounded-lg bg-blue-700 px-4 py-3 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
      >
        {t('Send code')}
      </button>
      <button
        type="button"
        onClick={onRegister}
        onPointerEnter={onRegisterNear}
        onFocus={onRegisterNear}
        className="w-full rounded-lg px-4 py-2 text-blue-800 underline-offset-2 hover:underline"
      >
        {t('New student? Register')}
      </button>
    </form>
  );
}
