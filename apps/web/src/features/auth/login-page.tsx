import type { Student } from '@portal/contract';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useLocation } from 'wouter';
import { useSession } from '../../lib/session-store.ts';
import { CodeStep } from './code-step.tsx';
import { emptyPhone, localNumber, type PhoneNumber } from './phone-field.tsx';
import { type CodeSent, PhoneStep } from './phone-step.tsx';
import { RegisterForm } from './register-form.tsx';

type Step = 'login' | 'otp' | 'register';

/**
 * 'Portal login' (spec sections 2 and 4): the number, then the code; the register shell beside them.
 * The only screen of /login's first load, so it stays light: it calls the API directly, without
 * TanStack Query, and imports `@portal/contract/auth` rather than every feature's schemas.
 */
export default function LoginPage() {
  const [step, setStep] = useState<Step>('login');
  const [phone, setPhone] = useState<PhoneNumber>(emptyPhone);
  const [resendAt, setResendAt] = useState(0);
  const [, navigate] = useLocation();

  useEffect(() => {
    document.title = 'Portal login';
  }, []);

  const codeSent = (sent: CodeSent) => {
    useSession.getState().setOtpRef(sent.otp_ref);
    setResendAt(Date.now() + sent.resend_after * 1000);
    setStep('otp');
  };

  const signedIn = (user: Student, token: string, message: string) => {
    setPhone(emptyPhone);
    setStep('login');
    useSession.getState().signIn(user, token);
    toast.success(message);
    navigate('/', { replace: true });
  };

  const backToNumber = (message?: string) => {
    useSession.getState().setOtpRef(null);
    if (message) toast.error(message);
    setStep('login');
  };

  return (
    <main className="flex min-h-dvh justify-center px-4 py-8 sm:items-center">
      <div className="w-full max-w-sm space-y-5 self-start rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:self-center">
        <div className="flex items-center gap-3">
          <img src="/favicon.svg" alt="" width="36" height="36" />
          <h1 className="text-2xl font-bold">Portal login</h1>
        </div>
        {step === 'login' ? (
          <PhoneStep phone={phone} onPhoneChange={setPhone} onSent={codeSent} onRegister={() => setStep('register')} />
        ) : step === 'otp' ? (
          <CodeStep
            sentTo={`+${phone.dialCode} ${localNumber(phone)}`}
            resendAt={resendAt}
            onResent={codeSent}
            onSignedIn={signedIn}
            onBack={backToNumber}
          />
        ) : (
          <RegisterForm onBack={() => setStep('login')} />
        )}
      </div>
    </main>
  );
}
