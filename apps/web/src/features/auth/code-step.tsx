import type { Student } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session-store.ts';
import { resendCode } from './api/send-code.ts';
import { verifyCode } from './api/verify-code.ts';
import { ChatLink } from './chat-link.tsx';
import { CodeBoxes, emptyCode } from './code-boxes.tsx';
import type { CodeSent } from './phone-step.tsx';
import { useSecondsUntil } from './use-seconds-until.ts';
import { t } from '../../i18n/language.ts';

interface CodeStepProps {
  /** The number the code went to, as the student sees it. */
  sentTo: string;
  /** When a new code may be asked for (ms since the epoch). */
  resendAt: number;
  /** Digits of the code sent. */
  codeLength: number;
  /** The code checks a number being registered, which is nobody's registered number yet. */
  registering?: boolean;
  onResent: (sent: CodeSent) => void;
  onSignedIn: (user: Student, token: string, message: string) => void;
  /** A registration's code was right: the request now waits for the institute. */
  onRequestFiled: () => void;
  /**
   * Back to the number (or the register form): after a refusal (with its message) or when the student
   * wants another number; `signIn` when a registration's number turned out to have an account.
   */
  onBack: (message?: string, signIn?: boolean) => void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Step 'otp': a box per digit, Submit, a new code after the cool-down, and help when no code came. */
export function CodeStep({
  sentTo,
  resendAt,
  codeLength,
  registering = false,
  onResent,
  onSignedIn,
  onRequestFiled,
  onBack,
}: CodeStepProps) {
  const [digits, setDigits] = useState(() => emptyCode(codeLength));
  const [pending, setPending] = useState(false);
  const [resending, setResending] = useState(false);
  /** Bumped after a wrong code, so the boxes start empty with the first one focused. */
  const [attempt, setAttempt] = useState(0);
  const secondsLeft = useSecondsUntil(resendAt);
  const complete = digits.every(Boolean);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { otpRef, setOtpRef } = useSession.getState();
    if (!complete || pending) return;
    if (!otpRef) return onBack(t('Please ask for a code again.'));
    setPending(true);
    const answer = verifyCode(otpRef, digits.join(''));
    // A reference is cleared while it is checked (spec): only a wrong code that may be tried again gets it back.
    setOtpRef(null);
    try {
      const result = await answer;
      if (!result.status && result.tries_left) {
        // The same code may be tried again (the server counts the tries): stay here rather than void it.
        setOtpRef(otpRef);
        setDigits(emptyCode(codeLength));
        setAttempt((n) => n + 1);
        setPending(false);
        toast.error(result.message);
      } else if (!result.status) onBack(result.message, result.sign_in);
      else if ('token' in result) onSignedIn(result.data, result.token, result.message);
      else onRequestFiled();
    } catch (error) {
      onBack(messageOf(error));
    }
  };

  const resend = async () => {
    const otpRef = useSession.getState().otpRef;
    if (!otpRef) return onBack(t('Please ask for a code again.'));
    setResending(true);
    try {
      const sent = await resendCode(otpRef);
      setDigits(emptyCode(sent.otp_length));
      onResent(sent);
      toast.success(t('We sent you a new code.'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 410) return onBack(error.message);
      toast.error(messageOf(error));
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div className="space-y-1">
        <p id="code-prompt" className="font-medium">
          {registering
            ? t('Enter the OTP code sent to the number you entered')
            : t('Enter the OTP code sent to your registered mobile number')}
        </p>
        <p className="text-sm text-slate-600">
          {sentTo}{' '}
          <button
            type="button"
            onClick={() => onBack()}
            className="ml-1 font-medium text-blue-800 underline underline-offset-2"
          >
            {t('Change number')}
          </button>
        </p>
      </div>
      {/* A new code starts with fresh boxes and the first one focused. */}
      <CodeBoxes
        key={`${resendAt}-${attempt}`}
        autoFocus
        value={digits}
        onChange={setDigits}
        labelledBy="code-prompt"
        disabled={pending}
      />
      <button
        type="submit"
        disabled={!complete || pending}
        aria-busy={pending}
        className="w-full rounded-lg bg-blue-700 px-4 py-3 font-semibold text-white hover:bg-blue-800 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {t('Submit')}
      </button>
      <div className="flex min-h-10 flex-wrap items-center gap-x-1 text-sm">
        <button
          type="button"
          onClick={resend}
          disabled={secondsLeft > 0 || resending}
          aria-describedby="resend-wait"
          className="rounded-md px-1 py-2 font-medium text-blue-800 underline underline-offset-2 disabled:text-slate-500 disabled:no-underline"
        >
          {t('Resend code')}
        </button>
        <span id="resend-wait" className="tabular-nums text-slate-600">
          {secondsLeft > 0 ? t('in {seconds} s', { seconds: secondsLeft }) : ''}
        </span>
      </div>
      <ChatLink>{t("Didn't get the code? Chat with us")}</ChatLink>
    </form>
  );
}
