import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadFirstScreen } from './app/app.tsx';
import './index.css';

/** Past this, the app renders with its loading fallback rather than wait longer for the first screen's code. */
const PRELOAD_WAIT_MS = 1500;

// The first screen's code (usually already requested by boot.js) is awaited before the first render, so
// the screen appears at once instead of after a loading fallback that React keeps up for at least 300 ms.
void Promise.race([preloadFirstScreen(window.location.pathname), new Promise((done) => setTimeout(done, PRELOAD_WAIT_MS))])
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
