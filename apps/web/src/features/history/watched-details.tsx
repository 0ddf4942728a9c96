import type { WatchedTopic } from '@portal/contract';
import { clock, isFinished } from '../../components/video-player/watch-time.ts';
import { t } from '../../i18n/language.ts';

/** Under a history card's subject: the topic, and how far the student got, as a bar and in words. */
export function WatchedDetails({ item }: { item: WatchedTopic }) {
  const { position_seconds: at, duration_seconds: length } = item;
  const percent = length ? Math.min(100, Math.round((at / length) * 100)) : null;
  const words = isFinished(at, length)
    ? t('Watched to the end')
    : length
      ? t('Stopped at {at} of {length}', { at: clock(at), length: clock(length) })
      : t('Stopped at {at}', { at: clock(at) });
  return (
    <>
      <span className="text-sm text-slate-700">{item.topic_name}</span>
      {percent === null ? null : (
        <span
          role="progressbar"
          aria-label={t('Watched {percent}%', { percent })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-1 block h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <span className="block h-full rounded-full bg-blue-600" style={{ width: `${percent}%` }} />
        </span>
      )}
      <span className="text-xs text-slate-600">{words}</span>
    </>
  );
}
