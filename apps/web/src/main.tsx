import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadFirstScreen } from './app/app.tsx';
import { setLanguageLoaders, startLanguage } from './i18n/language.ts';
import './index.css';
import { startTheme } from './lib/theme.ts';

startTheme();
setLanguageLoaders({ hi: async () => (await import('./i18n/hi.ts')).hindi });

/** Past this, the app renders with its loading fallback rather than wait longer for the first screen's code. */
const PRELOAD_WAIT_MS = 1500;

// The first screen's code (usually already requested by boot.js) is awaited before the first render, so
// the screen appears at once instead of after a loading fallback that React keeps up for at least 300 ms.
// The remembered language's texts (Hindi: a chunk of its own) are there before the first render too.
void Promise.all([
  startLanguage().catch(() => undefined),
  Promise.race([
    preloadFirstScreen(window.location.pathname),
    new Promise((done) => setTimeout(done, PRELOAD_WAIT_MS)),
  ]).catch(() => undefined),
]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  // As a transition the first render yields to the browser every few milliseconds instead of holding the main
  // thread for the whole tree, which a cheap phone takes hundreds of milliseconds over.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});

// The service worker (offline use, install, update prompt) registers once the page has loaded: its code and its
// precaching never compete with the first screen (docs/decisions/035-offline.md).
if (import.meta.env.PROD) {
  const register = () => void import('./lib/service-worker.tsx').then((worker) => worker.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
