import { Suspense } from 'react';
import { Toaster } from 'react-hot-toast';
import { Redirect, Route, Router, Switch } from 'wouter';
import { useBrowserLocation } from 'wouter/use-browser-location';
import { CodeLoadBoundary } from '../../components/code-load-boundary.tsx';
import { Loader } from '../../components/status-views.tsx';
import { preloadableLazy } from '../../lib/preloadable-lazy.tsx';
import { useStaffSession } from '../lib/staff-session.ts';

const SignInPage = preloadableLazy(() => import('../features/sign-in/sign-in-page.tsx'));
const ConsoleShell = preloadableLazy(() => import('./console-shell.tsx'));

/** The console at /console: the sign-in screen, or the shell with the pages the staff member's role allows. */
export function ConsoleApp() {
  const signedIn = useStaffSession((s) => s.token !== null && s.staff !== null);
  const [location] = useBrowserLocation();
  return (
    <Router base="/console">
      <CodeLoadBoundary resetKey={location}>
        <Suspense fallback={<Loader />}>
          <Switch>
            <Route path="/sign-in">{signedIn ? <Redirect to="/" replace /> : <SignInPage />}</Route>
            <Route>{signedIn ? <ConsoleShell /> : <Redirect to="/sign-in" replace />}</Route>
          </Switch>
        </Suspense>
      </CodeLoadBoundary>
      <Toaster toastOptions={{ success: { style: { background: '#0f172a', color: '#fff' } } }} />
    </Router>
  );
}
