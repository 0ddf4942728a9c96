import { QueryCache, QueryClient } from '@tanstack/react-query';
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

/** Every failed query shows its message in an error toast once; the screen shows the error page. */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorToast !== false) toast.error(error.message, { id: error.message });
      },
    }),
    // gcTime stays the library's 5 minutes (spec section 9).
    defaultOptions: { queries: { retry: shouldRetry, refetchOnWindowFocus: false } },
  });
}
