import { type AuditEntry, listAuditLog } from '@portal/contract/console';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callConsole } from '../../../lib/console-api.ts';

export interface AuditFilters {
  staff_id?: number | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The log newest first, 50 entries a page; `fetchNextPage` adds the next 50 below. */
export const useAuditLog = (filters: AuditFilters) =>
  useInfiniteQuery({
    queryKey: ['console', 'audit-log', filters],
    queryFn: async ({ pageParam }) =>
      (await callConsole(listAuditLog, { ...filters, ...(pageParam ? { after: pageParam } : {}), limit: 50 })).data,
    initialPageParam: null as { at: string; id: number } | null,
    getNextPageParam: (page) => page.next,
    select: (data): AuditEntry[] => data.pages.flatMap((page) => page.entries),
  });
