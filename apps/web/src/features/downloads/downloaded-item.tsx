import type { DownloadItem } from '../../lib/downloads/download-db.ts';
import { dismissDownload, useDownloadRun } from '../../lib/downloads/download-runs.ts';
import { formatBytes } from '../../lib/downloads/format-bytes.ts';
import { t } from '../../i18n/language.ts';

const buttonClass = 'min-h-11 rounded-md border px-4 font-medium';

/** What an item is: "Video · 240p · 2.1 MB", "PDF · 830 KB". */
function description(item: DownloadItem) {
  const kind =
    item.kind === 'material'
      ? t('PDF')
      : item.step === 'original'
        ? t('Video · original file')
        : t('Video · {step}', { step: item.step ?? '' });
  return `${kind} · ${formatBytes(item.bytes)}`;
}

/** One download in the list: open it, or delete it; one still arriving shows its progress and can be cancelled. */
export function DownloadedItem({
  item,
  onOpen,
  onDelete,
}: {
  item: DownloadItem;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const run = useDownloadRun(item.topicId ?? -1);
  const arriving = !item.complete && run?.state === 'running' && item.kind === 'video';
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
      <div className="min-w-0">
        <p className="break-words font-semibold">{item.title}</p>
        <p className="break-words text-sm text-slate-600">{item.subtitle}</p>
        <p className="text-sm text-slate-700" data-testid="download-size">
          {description(item)}
          {item.complete ? null : ` · ${t('Not finished')}`}
        </p>
      </div>
      {arriving && run ? (
        <div role="status" className="flex flex-wrap items-center gap-3">
          <span className="text-sm">
            {t('Downloading…')}{' '}
            {t('{loaded} of {total}', { loaded: formatBytes(run.loaded), total: formatBytes(run.total) })}
          </span>
          <button
            type="button"
            onClick={() => dismissDownload(item.topicId ?? -1)}
            className={`${buttonClass} border-slate-400`}
          >
            {t('Cancel download')}
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {item.complete ? (
            <button
              type="button"
              onClick={onOpen}
              aria-label={
                item.kind === 'video'
                  ? t('Play {title}', { title: item.title })
                  : t('Read {title}', { title: item.title })
              }
              className={`${buttonClass} border-blue-700 bg-blue-700 text-white`}
            >
              {item.kind === 'video' ? t('Play') : t('Read')}
            </button>
          ) : null}
          <button
            type="button"
            onClick={onDelete}
            aria-label={t('Delete {title}', { title: item.title })}
            className={`${buttonClass} border-slate-400 text-red-700 hover:bg-red-50`}
          >
            {t('Delete')}
          </button>
        </div>
      )}
    </li>
  );
}
