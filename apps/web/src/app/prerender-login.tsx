import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import LoginPage from '../features/auth/login-page.tsx';

export { LANGUAGE_STORAGE_KEY } from '../i18n/language.ts';
export { THEME_STORAGE_KEY } from '../lib/theme.ts';
export { SESSION_STORAGE_KEY } from '../lib/session-store.ts';

/** /login's markup as the app first draws it (English), for scripts/prerender-login.mjs. */
export const renderLogin = () =>
  renderToString(
    <Router ssrPath="/login">
      <LoginPage />
    </Router>,
  );
