import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ViewerState } from './viewer-controller.ts';
import { toolButton } from './tool-button.ts';
import { t } from '../../i18n/language.ts';

function describe(find: ViewerState['find']): string {
  if (find.status === 'idle') return '';
  if (find.status === 'pending') return t('Searching…');
  if (find.status === 'not-found' || find.total === 0) return t('Not found');
  return t('{current} of {total}', { current: find.current, total: find.total });
}

/**
 * Searches the document's text; Enter finds the next match, Shift+Enter the previous one. On a phone it takes a row
 * of its own under the other tools, so the box, the arrows and the count all fit at 360 px.
 */
export function FindForm({
  find,
  onFind,
}: {
  find: ViewerState['find'];
  onFind: (query: string, previous: boolean) => void;
}) {
  const [query, setQuery] = useState('');
  const inputId = useId();
  const run = (previous: boolean) => {
    if (query.trim()) onFind(query.trim(), previous);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.shiftKey) {
      event.preventDefault();
      run(true);
    }
  };
  return (
    <form
      role="search"
      onSubmit={submit}
      className="order-last flex min-w-0 basis-full items-center gap-1 sm:order-none sm:basis-auto sm:flex-none"
    >
      <label htmlFor={inputId} className="sr-only">
        {t('Find in document')}
      </label>
      <input
        id={inputId}
        type="search"
        placeholder={t('Find text')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
        className="min-w-0 flex-1 rounded-lg border border-slate-300 px-2 py-1.5 sm:w-44 sm:flex-none"
      />
      <button type="button" onClick={() => run(true)} className={toolButton} aria-label={t('Previous match')}>
        ↑
      </button>
      <button type="submit" className={toolButton} aria-label={t('Next match')}>
        ↓
      </button>
      <output aria-live="polite" className="min-w-16 whitespace-nowrap text-sm text-slate-600">
        {describe(find)}
      </output>
    </form>
  );
}
