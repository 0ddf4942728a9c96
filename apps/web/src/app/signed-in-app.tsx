import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { PageLoading } from '../components/layout/page.tsx';
import { createQueryClient } from './query-client.ts';
import { SignedInRoutes } from './routes.tsx';

export { preloadScreen } from './routes.tsx';

/** Everything behind the guard: data fetching and the screens, loaded after sign-in. */
export default function SignedInApp() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<PageLoading />}>
        <SignedInRoutes />
      </Suspense>
    </QueryClientProvider>
  );
}
