import { lazy, Suspense } from 'react';
import { Toaster } from 'react-hot-toast';
import { Route, Switch } from 'wouter';
import { Loader } from '../components/status-views.tsx';
import { GuestOnly, RequireSession } from './guards.tsx';

// Each half of the app loads on its own: /login never downloads the signed-in screens, and back.
const LoginPage = lazy(() => import('../features/auth/login-page.tsx'));
// A returning student's chunks are already on their way: boot.js (scripts/write-boot-script.mjs) preloads them.
const SignedInApp = lazy(() => import('./signed-in-app.tsx'));

export function App() {
  return (
    <>
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
      <Toaster toastOptions={{ success: { style: { background: '#000', color: '#fff' } } }} />
    </>
  );
}
