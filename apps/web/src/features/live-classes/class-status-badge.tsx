import { msg, t } from '../../i18n/language.ts';
import type { ClassState } from './class-timing.ts';

const styles: Record<ClassState, { label: string; className: string }> = {
  live: { label: msg('Live now'), className: 'bg-green-100 text-green-800' },
  starting: { label: msg('Starting soon'), className: 'bg-amber-100 text-amber-900' },
  upcoming: { label: msg('Upcoming'), className: 'bg-blue-50 text-blue-800' },
  finished: { label: msg('Finished'), className: 'bg-slate-200 text-slate-700' },
};

export function ClassStatusBadge({ state }: { state: ClassState }) {
  const { label, className } = styles[state];
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ${className}`}>
      {state === 'live' ? (
        <span className="relative flex size-2" aria-hidden="true">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-green-500 opacity-75 motion-reduce:animate-none" />
          <span className="relative inline-flex size-2 rounded-full bg-green-600" />
        </span>
      ) : null}
      {t(label)}
    </span>
  );
}
