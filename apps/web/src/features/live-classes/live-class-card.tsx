import type { LiveClass } from '@portal/contract';
import { type ReactNode, useId } from 'react';
import { ClassStatusBadge } from './class-status-badge.tsx';
import { type ClassTiming, classTiming, formatTime, formatWhen } from './class-timing.ts';
import { JoinLiveLink } from './join-live-link.tsx';
import { t } from '../../i18n/language.ts';

/** One class: its batch, '{class_name} by {tutor_name}', when it runs, and how to join it if it has not finished. */
export function LiveClassCard({
  liveClass,
  now,
  onJoin,
  children,
}: {
  liveClass: LiveClass;
  now: number;
  onJoin?: () => void;
  /** Further actions under the join link. */
  children?: ReactNode;
}) {
  const titleId = useId();
  const timing = classTiming(liveClass, now);
  const finished = timing.state === 'finished';
  return (
    <article
      aria-labelledby={titleId}
      className={`flex h-full flex-col gap-3 rounded-xl border p-4 shadow-sm ${
        finished ? 'border-slate-200 bg-slate-50 text-slate-600' : 'border-slate-200 bg-white'
      } ${timing.state === 'live' ? 'border-green-500 ring-1 ring-green-500' : ''}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ClassStatusBadge state={timing.state} />
        <span className="text-sm">{liveClass.batch_name}</span>
      </div>
      <h3 id={titleId} className={`text-lg font-semibold ${finished ? '' : 'text-slate-900'}`}>
        {t('{name} by {tutor}', { name: liveClass.class_name, tutor: liveClass.tutor_name })}
      </h3>
      <p className="text-sm">
        <When timing={timing} now={now} minutes={liveClass.duration_minutes} />
      </p>
      <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 pt-1">
        {timing.joinable ? (
          <JoinLiveLink url={liveClass.online_url} describedBy={titleId} onJoin={onJoin} />
        ) : timing.state === 'upcoming' ? (
          <JoinLiveLater opensAt={timing.opensAt} now={now} />
        ) : (
          <p className="text-sm font-medium">{t('This class has finished.')}</p>
        )}
        {children}
      </div>
    </article>
  );
}

/** Before it opens, Join Live is shown switched off, with the time it opens. */
function JoinLiveLater({ opensAt, now }: { opensAt: Date; now: number }) {
  const opensId = useId();
  return (
    <>
      <button
        type="button"
        disabled
        aria-describedby={opensId}
        className="inline-flex min-h-11 cursor-not-allowed items-center rounded-lg border border-slate-300 bg-slate-100 px-4 font-semibold text-slate-600"
      >
        {t('Join Live')}
      </button>
      <p id={opensId} className="text-sm">
        {t('Opens {when}', { when: formatWhen(opensAt, now) })}
      </p>
    </>
  );
}

function When({ timing, now, minutes }: { timing: ClassTiming; now: number; minutes: number }) {
  const start = <time dateTime={timing.startsAt.toISOString()}>{formatWhen(timing.startsAt, now)}</time>;
  if (timing.state === 'live') {
    return (
      <>
        {t('Started')} {start}, {t('ends at')}{' '}
        <time dateTime={timing.endsAt.toISOString()}>{formatTime(timing.endsAt)}</time>
      </>
    );
  }
  return (
    <>
      {timing.state === 'finished' ? t('Held') : t('Starts')} {start} · {t('{minutes} min', { minutes })}
    </>
  );
}
