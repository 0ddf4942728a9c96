import { QueryClient } from '@tanstack/react-query';
import { ConsoleApiError } from './console-api.ts';

/** A refusal (4xx) will not change on retry; a network failure or 5xx is retried twice. */
export function createConsoleQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ConsoleApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}
