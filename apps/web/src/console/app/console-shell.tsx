import { staffMe } from '@portal/contract/console';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { CodeLoadBoundary } from '../../components/code-load-boundary.tsx';
import { Loader } from '../../components/status-views.tsx';
import { callConsole } from '../lib/console-api.ts';
import { createConsoleQueryClient } from '../lib/query-client.ts';
import { useStaffSession } from '../lib/staff-session.ts';
import { consolePages, pagesFor } from './console-pages.ts';
import { ConsoleHeader } from './console-header.tsx';
import { ConsoleNav } from './console-nav.tsx';
import { PageNotAllowed, PageNotFound } from './page-problems.tsx';

/** Signed in: header, navigation by role, and the page. */
export default function ConsoleShell() {
  const [queryClient] = useState(createConsoleQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInShell />
    </QueryClientProvider>
  );
}

function SignedInShell() {
  const staff = useStaffSession((s) => s.staff);
  const [location] = useLocation();
  useCurrentStaff();
  if (!staff) return null;
  const allowed = pagesFor(staff.role);
  return (
    <div className="min-h-dvh md:grid md:grid-cols-[14rem_1fr]">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-30 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <ConsoleHeader staff={staff} />
      <ConsoleNav pages={allowed} />
      <main id="main" tabIndex={-1} className="min-w-0 px-4 py-6 md:col-start-2 md:px-8">
        {/* A page whose code cannot be loaded leaves the navigation usable. */}
        <CodeLoadBoundary resetKey={location}>
          <Suspense fallback={<Loader />}>
            <Switch>
              {allowed.map((page) => (
                <Route key={page.path} path={page.path} component={page.screen} />
              ))}
              {consolePages.map((page) => (
                <Route key={page.path} path={page.path} component={PageNotAllowed} />
              ))}
              <Route component={PageNotFound} />
            </Switch>
          </Suspense>
        </CodeLoadBoundary>
      </main>
    </div>
  );
}

/** Asks the server who is signed in: a changed role redraws the menu; an ended session (401) signs out. */
function useCurrentStaff() {
  const refresh = useStaffSession((s) => s.refresh);
  const { data } = useQuery({ queryKey: ['console', 'me'], queryFn: () => callConsole(staffMe), staleTime: 60_000 });
  useEffect(() => {
    if (data) refresh(data.data);
  }, [data, refresh]);
}
