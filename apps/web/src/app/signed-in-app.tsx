import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { CodeLoadBoundary } from '../components/code-load-boundary.tsx';
import { PageLoading } from '../components/layout/page.tsx';
import { useStudentId } from '../lib/session-store.ts';
import { createQueryClient } from './query-client.ts';
import { restoreSavedQueries, saveQueriesOnDevice } from './query-persister.ts';
import { SignedInRoutes } from './routes.tsx';
import { useOfflineQueue } from './use-offline-queue.ts';

export { preloadScreen } from './routes.tsx';

/**
 * Everything behind the guard: data fetching and the screens, loaded after sign-in. The answers last seen
 * are kept on the device so that the app opens with them, offline too (app/query-persister.ts).
 */
export default function SignedInApp() {
  const studentId = useStudentId();
  // Restored before the first render, so no screen asks for data the device already has.
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    restoreSavedQueries(client, studentId);
    return client;
  });
  useEffect(() => saveQueriesOnDevice(queryClient, studentId), [queryClient, studentId]);
  const [location] = useLocation();
  return (
    <QueryClientProvider client={queryClient}>
      <OfflineQueue />
      {/* A screen whose code cannot be loaded says so here, and the cache of answers stays. */}
      <CodeLoadBoundary resetKey={location}>
        <Suspense fallback={<PageLoading />}>
          <SignedInRoutes />
        </Suspense>
      </CodeLoadBoundary>
    </QueryClientProvider>
  );
}

function OfflineQueue() {
  useOfflineQueue();
  return null;
}
