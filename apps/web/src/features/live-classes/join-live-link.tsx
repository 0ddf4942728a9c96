import { t } from '../../i18n/language.ts';

/** Only web addresses become links: a stored `javascript:` or other scheme never reaches an href. */
export function webAddress(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Opens the class in a new tab that cannot reach back into the portal (no opener, no referrer). */
export function JoinLiveLink({ url, describedBy, onJoin }: { url: string; describedBy?: string; onJoin?: () => void }) {
  const href = webAddress(url);
  if (!href) return <p className="text-sm text-slate-600">{t('The join link is not available; ask your tutor.')}</p>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-describedby={describedBy}
      onClick={onJoin}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-green-700 px-4 font-semibold text-white hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800"
    >
      {t('Join Live')}
      <span aria-hidden="true">↗</span>
      <span className="sr-only">{t('(opens in a new tab)')}</span>
    </a>
  );
}
