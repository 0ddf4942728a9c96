import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorPage, Loader, NoData } from './status-views.tsx';

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * Loading, error, empty or loaded: the states every data screen goes through. The error toast is shown
 * once per failure by the query cache (app/query-client.ts), not here.
 */
export function QueryView<T>({
  query,
  isEmpty = isEmptyList,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loader />;
  if (query.isError) return <ErrorPage />;
  if (isEmpty(query.data)) return <NoData />;
  return <>{children(query.data)}</>;
}
