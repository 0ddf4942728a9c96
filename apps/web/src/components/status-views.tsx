import { t } from '../i18n/language.ts';

/**
 * The three generic views every data screen shares (spec section 2). While a failed request is being tried again,
 * the loader says so instead of spinning in silence.
 */
export function Loader({ retrying = 0 }: { retrying?: number }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-48 flex-col items-center justify-center gap-1 text-slate-600"
    >
      <span className="flex items-center gap-3">
        <span
          className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-blue-700"
          aria-hidden="true"
        />
        {t('Loading...')}
      </span>
      {retrying > 0 ? (
        <span className="text-sm">{t('The connection is slow: trying again ({n} of 3)', { n: retrying })}</span>
      ) : null}
    </div>
  );
}

export function NoData() {
  return <p className="flex min-h-48 items-center justify-center text-slate-600">{t('No Data Available')}</p>;
}

export function ErrorPage({ onRetry, retrying = false }: { onRetry?: () => void; retrying?: boolean }) {
  return (
    <div role="alert" className="flex min-h-48 flex-col items-center justify-center gap-3 text-center">
      <p className="text-lg font-semibold text-red-700">{t('Something went wrong')}</p>
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          disabled={retrying}
          className="rounded-md border border-slate-400 px-4 py-2 font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700 disabled:opacity-60"
        >
          {retrying ? t('Trying again...') : t('Try again')}
        </button>
      ) : null}
    </div>
  );
}

export function OfflineNoData() {
  return (
    <p role="status" className="flex min-h-48 items-center justify-center text-center text-slate-600">
      {t('You are offline, and this page was not saved on this device. It opens once you are back online.')}
    </p>
  );
}
