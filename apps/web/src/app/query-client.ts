import { onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ApiError } from '../lib/api-client.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** `errorToast: false`: a background query whose failure the screen handles quietly. */
    queryMeta: { errorToast?: boolean };
  }
}

/**
 * A refusal (4xx) will not change on retry; anything else (network, 5xx) is retried 3 times with the
 * library's default delay: 1 s, 2 s, 4 s..., capped at 30 s (spec section 9).
 */
export const shouldRetry = (failures: number, error: Error) =>
  failures < 3 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/**
 * Every failed query shows its message in an error toast once; the screen shows the error page. An ended session
 * is the exception: the login screen it lands on already says why.
 */
export function createQueryClient() {
  // The library assumes it starts online and only follows the events after: an app opened offline would retry
  // and fail instead of waiting for the connection (and showing what was saved).
  onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorToast === false || (error instanceof ApiError && error.signedOut)) return;
        toast.error(error.message, { id: error.message });
      },
    }),
    // Answers are kept a day rather than the spec's 5 minutes, so the device can show them offline (persisted
    // by app/query-persister.ts, which saves only what the cache still holds): docs/decisions/035-offline.md.
    defaultOptions: { queries: { retry: shouldRetry, refetchOnWindowFocus: false, gcTime: 24 * 3600 * 1000 } },
  });
}
