import type { DownloadRun } from '../../lib/downloads/download-runs.ts';
import { formatBytes } from '../../lib/downloads/format-bytes.ts';
import { t } from '../../i18n/language.ts';

/** A running download: a bar, "1.2 MB of 3.4 MB", and Cancel. */
export function DownloadProgress({ run, onCancel }: { run: DownloadRun; onCancel: () => void }) {
  const of = t('{loaded} of {total}', { loaded: formatBytes(run.loaded), total: formatBytes(run.total) });
  return (
    <div className="flex flex-col gap-2" role="status" aria-live="polite">
      <p className="font-medium">{t('Downloading…')}</p>
      <progress
        className="h-3 w-full"
        value={run.loaded}
        max={Math.max(run.total, 1)}
        aria-label={t('Download progress')}
        aria-valuetext={of}
      />
      <p className="text-sm text-slate-700" data-testid="download-progress">
        {of}
      </p>
      <button
        type="button"
        onClick={onCancel}
        className="min-h-11 self-start rounded-md border border-slate-400 px-4 font-medium hover:bg-slate-100"
      >
        {t('Cancel download')}
      </button>
    </div>
  );
}
