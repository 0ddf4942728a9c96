import { useId, useState, type FormEvent } from 'react';
import { t } from '../../i18n/language.ts';

/** The password prompt of a protected document; Enter submits (spec section 5). */
export function PasswordForm({ wrong, onSubmit }: { wrong: boolean; onSubmit: (password: string) => void }) {
  const [password, setPassword] = useState('');
  const inputId = useId();
  const messageId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onSubmit(password);
  };
  return (
    <form
      onSubmit={submit}
      className="mx-4 mt-8 flex max-w-sm flex-col sm:mx-auto sm:w-full gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <p
        id={messageId}
        role={wrong ? 'alert' : undefined}
        className={wrong ? 'font-medium text-red-700' : 'font-medium'}
      >
        {wrong ? t('The password is wrong. Please try again.') : t('A password is required to open this document.')}
      </p>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
        {t('Password')}
      </label>
      <input
        id={inputId}
        type="password"
        autoComplete="off"
        autoFocus
        aria-describedby={messageId}
        aria-invalid={wrong || undefined}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        className="rounded-lg border border-slate-300 px-3 py-2"
      />
      <button
        type="submit"
        disabled={!password}
        className="rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white disabled:opacity-50"
      >
        {t('Open document')}
      </button>
    </form>
  );
}
