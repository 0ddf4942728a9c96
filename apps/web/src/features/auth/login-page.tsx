import type { Student } from '@portal/contract';
import { OTP_LENGTHS } from '@portal/contract/auth';
import { Suspense, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useLocation } from 'wouter';
import { LanguageSwitch } from '../../i18n/language-switch.tsx';
import { preloadableLazy } from '../../lib/preloadable-lazy.tsx';
import { useSession } from '../../lib/session-store.ts';
import { CodeStep } from './code-step.tsx';
import { emptyPhone, type PhoneNumber } from './phone-field.tsx';
import { readPhone } from './phone-number.ts';
import { type CodeSent, PhoneStep } from './phone-step.tsx';
import type { RegisterDraft } from './register-fields.ts';
import { t } from '../../i18n/language.ts';
import { Logo } from '../../components/logo.tsx';

type Step = 'login' | 'otp' | 'register' | 'requested';

// The register step is not part of /login's first load (docs/decisions/002): its code arrives when a
// student points at or opens 'New student? Register'.
const loadRegisterStep = () => import('./register-step.tsx');
const RegisterStep = preloadableLazy(loadRegisterStep);
const RequestSent = preloadableLazy(async () => ({ default: (await loadRegisterStep()).RequestSent }));

const emptyDraft: RegisterDraft = {
  name: '',
  guardian: '',
  state: '',
  district: '',
  email: '',
  phone: emptyPhone,
  academic_level: '',
};

/**
 * 'Portal login' (spec sections 2 and 4): the number, then the code; the register shell beside them.
 * The only screen of /login's first load, so it stays light: it calls the API directly, without
 * TanStack Query, and imports `@portal/contract/auth` rather than every feature's schemas.
 */
export default function LoginPage() {
  const [step, setStep] = useState<Step>('login');
  const [phone, setPhone] = useState<PhoneNumber>(emptyPhone);
  const [resendAt, setResendAt] = useState(0);
  const [codeLength, setCodeLength] = useState<number>(OTP_LENGTHS.default);
  // The code step serves sign-in and registration; a refusal returns to the step it came from.
  const [registering, setRegistering] = useState(false);
  const [draft, setDraft] = useState(emptyDraft);
  const [, navigate] = useLocation();
  const signedOutBecause = useSession((s) => s.signedOutBecause);

  // Every render: the title follows a change of language too.
  useEffect(() => {
    document.title = t('Portal login');
  });

  const codeSent = (sent: CodeSent) => {
    useSession.getState().setOtpRef(sent.otp_ref);
    setResendAt(Date.now() + sent.resend_after * 1000);
    setCodeLength(sent.otp_length);
    setStep('otp');
  };

  const signedIn = (user: Student, token: string, message: string) => {
    setPhone(emptyPhone);
    setStep('login');
    useSession.getState().signIn(user, token);
    // A "Wrong code" toast from the try before must not stay over Home.
    toast.dismiss();
    toast.success(message);
    navigate('/', { replace: true });
  };

  const backToNumber = (message?: string, signIn = false) => {
    useSession.getState().setOtpRef(null);
    if (message) toast.error(message);
    if (signIn) setRegistering(false);
    setStep(registering && !signIn ? 'register' : 'login');
  };

  const openRegister = () => {
    setRegistering(true);
    setStep('register');
  };

  const registrationSent = (sent: CodeSent, filled: RegisterDraft) => {
    setDraft(filled);
    setPhone(filled.phone);
    codeSent(sent);
  };

  const requestFiled = () => {
    useSession.getState().setOtpRef(null);
    setDraft(emptyDraft);
    setStep('requested');
  };

  const backToSignIn = () => {
    setRegistering(false);
    setStep('login');
  };

  const reading = readPhone(phone);
  const sentTo = reading.ok ? reading.shown : phone;
  const loading = (
    <p role="status" className="py-8 text-center text-slate-600">
      {t('Loading...')}
    </p>
  );

  return (
    <main className="flex min-h-dvh justify-center px-4 py-8 sm:items-center">
      <div className="w-full max-w-sm space-y-5 self-start rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:self-center">
        <LanguageSwitch />
        <div className="flex items-center gap-3">
          <Logo size={36} />
          <h1 className="text-2xl font-bold">{t('Portal login')}</h1>
        </div>
        {signedOutBecause && step === 'login' ? (
          <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {signedOutBecause}
          </p>
        ) : null}
        {step === 'login' ? (
          <PhoneStep
            phone={phone}
            onPhoneChange={setPhone}
            onSent={codeSent}
            onRegister={openRegister}
            onRegisterNear={() => void RegisterStep.preload().catch(() => undefined)}
          />
        ) : step === 'otp' ? (
          <CodeStep
            sentTo={sentTo}
            resendAt={resendAt}
            codeLength={codeLength}
            registering={registering}
            onResent={codeSent}
            onSignedIn={signedIn}
            onRequestFiled={requestFiled}
            onBack={backToNumber}
          />
        ) : (
          <Suspense fallback={loading}>
            {step === 'register' ? (
              <RegisterStep draft={draft} onSent={registrationSent} onBack={backToSignIn} />
            ) : (
              <RequestSent sentTo={sentTo} onDone={backToSignIn} />
            )}
          </Suspense>
        )}
      </div>
    </main>
  );
}
