import { useId, useState, type FormEvent } from 'react';
import { t } from '../../i18n/language.ts';

/** Shows the current page and page count; typing a number and Enter goes to that page. */
export function PageInput({ page, pages, onGoTo }: { page: number; pages: number; onGoTo: (page: number) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const inputId = useId();
  const commit = () => {
    if (draft !== null) onGoTo(Number(draft));
    setDraft(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit();
  };
  return (
    <form onSubmit={submit} className="flex items-center gap-1 text-sm">
      <label htmlFor={inputId}>{t('Page')}</label>
      <input
        id={inputId}
        inputMode="numeric"
        pattern="[0-9]*"
        value={draft ?? String(page)}
        onChange={(event) => setDraft(event.target.value.replace(/\D/g, ''))}
        onBlur={commit}
        className="w-12 rounded-lg border border-slate-300 px-1 py-1 text-center"
      />
      <span>{t('of {pages}', { pages })}</span>
    </form>
  );
}
