import { useEffect, useState } from 'react';
import { CodeForm } from './code-form.tsx';
import { MobileForm } from './mobile-form.tsx';

export interface PendingSignIn {
  mobile: string;
  otpRef: string;
  /** When a new code may be asked for (ms since the epoch). */
  resendAt: number;
  /** Digits of the code sent (the server's OTP_LENGTH). */
  codeLength: number;
  /** Hours unused after which a console session ends (the server's STAFF_IDLE_HOURS). */
  idleHours: number;
}

/** /console/sign-in: the mobile number, then the code texted to it (the students' mechanism, for staff). */
export default function SignInPage() {
  const [pending, setPending] = useState<PendingSignIn | null>(null);
  const [notice, setNotice] = useState('');
  useEffect(() => {
    document.title = 'Sign in · Console';
  }, []);

  return (
    <main className="flex min-h-dvh justify-center px-4 py-8 sm:items-center">
      <div className="w-full max-w-sm space-y-5 self-start rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:self-center">
        <div className="flex items-center gap-3">
          <img src="/favicon.svg" alt="" width="36" height="36" />
          <h1 className="text-2xl font-bold">Console sign-in</h1>
        </div>
        {pending ? (
          <CodeForm
            pending={pending}
            onResent={setPending}
            onBack={(message) => {
              setNotice(message ?? '');
              setPending(null);
            }}
          />
        ) : (
          <MobileForm notice={notice} onSent={setPending} />
        )}
      </div>
    </main>
  );
}
