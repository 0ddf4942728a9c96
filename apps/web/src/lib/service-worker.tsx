import toast from 'react-hot-toast';
import { Workbox } from 'workbox-window';
import { t } from '../i18n/language.ts';

/**
 * Registers the service worker (dist/sw.js, scripts/write-service-worker.mjs). Imported only after the page
 * has loaded, so neither this code nor the worker's precaching competes with the first screen. A new version
 * waits until the student reloads: old and new code never run side by side.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const worker = new Workbox('/sw.js');
  worker.addEventListener('waiting', () => {
    toast(
      (shown) => (
        <span className="flex items-center gap-3">
          {t('A new version is ready')}
          <button
            type="button"
            className="min-h-11 rounded-md bg-blue-700 px-3 font-semibold text-white"
            onClick={() => {
              toast.dismiss(shown.id);
              worker.addEventListener('controlling', () => window.location.reload());
              worker.messageSkipWaiting();
            }}
          >
            {t('Reload')}
          </button>
        </span>
      ),
      { id: 'new-version', duration: Infinity },
    );
  });
  // A browser that refuses the worker (private mode, a blocked origin) keeps the portal, only without offline use.
  worker.register().catch(() => undefined);
}
