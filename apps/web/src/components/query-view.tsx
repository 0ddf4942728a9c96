import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue } from 'react';
import { ErrorPage, Loader, NoData, OfflineNoData } from './status-views.tsx';

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * Loading, error, empty or loaded: the states every data screen goes through. The error toast is shown
 * once per failure by the query cache (app/query-client.ts), not here.
 */
export function QueryView<T>({
  query: latest,
  isEmpty = isEmptyList,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  // TanStack Query's updates are urgent (React renders them in one go, without yielding); the screen they change is
  // drawn as a transition instead, so a cheap phone's main thread is not held while a list arrives.
  const query = useDeferredValue(latest);
  // Offline, a query waits for the connection instead of failing: say so rather than spin.
  if (query.isPending && query.fetchStatus === 'paused') return <OfflineNoData />;
  if (query.isPending) return <Loader retrying={query.failureCount} />;
  if (query.isError) return <ErrorPage onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (isEmpty(query.data)) return <NoData />;
  return <>{children(query.data)}</>;
}
