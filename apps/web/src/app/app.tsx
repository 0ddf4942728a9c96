import { Suspense } from 'react';
import { Toaster } from 'react-hot-toast';
import { Route, Switch, useLocation } from 'wouter';
import { CodeLoadBoundary } from '../components/code-load-boundary.tsx';
import { OfflineBanner } from '../components/offline-banner.tsx';
import { Loader } from '../components/status-views.tsx';
import { useLanguage } from '../i18n/use-language.ts';
import { preloadableLazy } from '../lib/preloadable-lazy.tsx';
import { useSession } from '../lib/session-store.ts';
import { GuestOnly, RequireSession } from './guards.tsx';

// Each half of the app loads on its own: /login never downloads the signed-in screens, and back.
const LoginPage = preloadableLazy(() => import('../features/auth/login-page.tsx'));
// A returning student's chunks are already on their way: boot.js (scripts/write-boot-script.mjs) preloads them.
const SignedInApp = preloadableLazy(() => import('./signed-in-app.tsx'));

/** Loads the code of the screen the app opens on (the guards' choice included), for a first render without fallback. */
export async function preloadFirstScreen(pathname: string) {
  if (!useSession.getState().token) {
    await LoginPage.preload();
    return;
  }
  const { preloadScreen } = await SignedInApp.preload();
  await preloadScreen(pathname === '/login' ? '/' : pathname);
}

export function App() {
  const [location] = useLocation();
  // A new language draws every screen again; their texts come from `t` as they draw.
  useLanguage();
  return (
    <>
      <OfflineBanner />
      <CodeLoadBoundary resetKey={location}>
        <Suspense fallback={<Loader />}>
          <Switch>
            <Route path="/login">
              <GuestOnly>
                <LoginPage />
              </GuestOnly>
            </Route>
            <Route>
              <RequireSession>
                <SignedInApp />
              </RequireSession>
            </Route>
          </Switch>
        </Suspense>
      </CodeLoadBoundary>
      <Toaster
        toastOptions={{
          // The toast's own white follows the theme's surface colour, so a toast is dark in the dark theme.
          style: { background: 'var(--color-white)', color: 'var(--color-slate-900)' },
          success: { style: { background: '#000', color: '#fff' } },
        }}
      />
    </>
  );
}
