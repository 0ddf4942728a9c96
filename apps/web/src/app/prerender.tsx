import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { PageLoading } from '../components/layout/page.tsx';
import LoginPage from '../features/auth/login-page.tsx';

export { LANGUAGE_STORAGE_KEY } from '../i18n/language.ts';
export { THEME_STORAGE_KEY } from '../lib/theme.ts';
export { SESSION_STORAGE_KEY } from '../lib/session-store.ts';
export { menuLabel } from '../components/layout/menu-label.ts';

/** /login's markup as the app first draws it (English), for scripts/prerender-pages.mjs. */
export const renderLogin = () =>
  renderToString(
    <Router ssrPath="/login">
      <LoginPage />
    </Router>,
  );

/** A signed-in screen's shell while its code is on its way (English, no name yet), for scripts/prerender-pages.mjs. */
export const renderShell = () =>
  renderToString(
    <Router ssrPath="/">
      <PageLoading />
    </Router>,
  );
