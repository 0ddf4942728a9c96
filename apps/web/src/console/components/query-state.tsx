import type { UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Loader } from '../../components/status-views.tsx';

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/** Loading, error (with the server's message and a retry), empty, or the data: every console screen shows one. */
export function QueryState<T>({
  query,
  empty,
  isEmpty = isEmptyList,
  children,
}: {
  /** A query, or an infinite query whose `select` flattens its pages. */
  query: UseQueryResult<T> | UseInfiniteQueryResult<T>;
  empty: string;
  /** When the answer counts as nothing to show; by default an empty list. */
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loader />;
  if (query.isError) {
    return (
      <div role="alert" className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-4">
        <p className="font-semibold text-red-800">Could not load this.</p>
        <p className="text-red-800">{query.error.message}</p>
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="rounded-md border border-red-300 bg-white px-3 py-1.5 font-medium"
        >
          Try again
        </button>
      </div>
    );
  }
  if (isEmpty(query.data))
    return <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">{empty}</p>;
  return <>{children(query.data)}</>;
}
