import { useCallback, useEffect, useRef, useState } from 'react';
import { getRegisterOptions, type RegisterOptions } from './api/get-register-options.ts';
import type { CodeSent } from './phone-step.tsx';
import type { RegisterDraft } from './register-fields.ts';
import { RegisterForm } from './register-form.tsx';
import { t } from '../../i18n/language.ts';

interface RegisterStepProps {
  draft: RegisterDraft;
  onSent: (sent: CodeSent, draft: RegisterDraft) => void;
  onBack: () => void;
}

type Options =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; options: RegisterOptions };

/** Only a web address may become a link. */
const webLink = (link: string) => (/^https?:\/\//i.test(link) ? link : null);

/**
 * Step 'register', loaded only when a student opens it (it is not part of /login's first load): the
 * form when the institute takes requests, its contact link when registration is closed.
 */
export default function RegisterStep({ draft, onSent, onBack }: RegisterStepProps) {
  const [options, setOptions] = useState<Options>({ state: 'loading' });

  const load = useCallback(() => {
    let current = true;
    setOptions({ state: 'loading' });
    getRegisterOptions().then(
      (loaded) => current && setOptions({ state: 'ready', options: loaded }),
      (error: unknown) =>
        current && setOptions({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, []);
  useEffect(load, [load]);

  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold">{t('New student')}</h2>
      {options.state === 'loading' ? (
        <p role="status" className="flex min-h-24 items-center justify-center gap-3 text-slate-600">
          <span
            className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-blue-700"
            aria-hidden="true"
          />
          {t('Loading...')}
        </p>
      ) : options.state === 'failed' ? (
        <div role="alert" className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm">
          <p className="font-semibold text-red-800">{t('Something went wrong')}</p>
          <p>{options.message}</p>
          <button type="button" onClick={load} className="font-medium text-blue-800 underline underline-offset-2">
            {t('Try again')}
          </button>
        </div>
      ) : options.options.mode === 'closed' || options.options.levels.length === 0 ? (
        <ContactInstitute link={webLink(options.options.contact_link)} closed={options.options.mode === 'closed'} />
      ) : (
        <>
          <p className="text-slate-600">{t('Ask the institute to register you. You can sign in once they accept.')}</p>
          <RegisterForm levels={options.options.levels} draft={draft} onSent={onSent} />
        </>
      )}
      <button
        type="button"
        onClick={onBack}
        className="w-full rounded-lg px-4 py-2 text-blue-800 underline-offset-2 hover:underline"
      >
        {t('Already registered? Sign in')}
      </button>
    </div>
  );
}

function ContactInstitute({ link, closed }: { link: string | null; closed: boolean }) {
  return (
    <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
      <p>
        {closed
          ? t('The institute registers new students itself. To join, please contact the institute.')
          : t('Registration is not open yet. To join, please contact the institute.')}
      </p>
      {link ? (
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-blue-800 underline underline-offset-2"
        >
          {t('Contact the institute')}
          <span className="sr-only"> {t('(opens in a new tab)')}</span>
        </a>
      ) : null}
    </div>
  );
}

/** After the code proved the number: the request is with the institute, which answers by SMS. */
export function RequestSent({ sentTo, onDone }: { sentTo: string; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-3">
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-green-800">
        {t('Your request went to the institute')}
      </h2>
      <p>{t('The institute will look at it and send an SMS to {mobile} when you can sign in.', { mobile: sentTo })}</p>
      <button
        type="button"
        onClick={onDone}
        className="w-full rounded-lg px-4 py-2 text-blue-800 underline-offset-2 hover:underline"
      >
        {t('Back to sign in')}
      </button>
    </div>
  );
}
