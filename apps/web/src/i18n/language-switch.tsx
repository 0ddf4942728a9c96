import toast from 'react-hot-toast';
import { chooseLanguage, LANGUAGES, type Language, t } from './language.ts';

/** Switches the language, or says why it could not (its chunk did not load: offline, before it was ever saved). */
export async function switchLanguage(next: Language) {
  if (!(await chooseLanguage(next))) toast.error(t('Check the connection and try again.'));
}
import { useLanguage } from './use-language.ts';

/** The login screen's choice of language: one button per language, the chosen one pressed. */
export function LanguageSwitch() {
  const language = useLanguage();
  return (
    <div role="group" aria-label={t('Language')} className="flex justify-end gap-1 text-sm">
      {(Object.keys(LANGUAGES) as Language[]).map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          aria-pressed={code === language}
          onClick={() => void switchLanguage(code)}
          className="rounded-md px-2 py-1 font-medium text-blue-800 aria-pressed:bg-blue-50 aria-pressed:text-slate-900"
        >
          {LANGUAGES[code].name}
        </button>
      ))}
    </div>
  );
}
