import { getNewsEvents } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useStudentId } from '../../../lib/session-store.ts';
import { LIST_FRESH_MS } from '../../../lib/list-freshness.ts';

export const newsEventsQuery = (studentId: number) =>
  queryOptions({
    queryKey: ['news-events', studentId],
    queryFn: async () => (await callApi(getNewsEvents, { stud_id: studentId })).data,
    staleTime: LIST_FRESH_MS,
  });

export const useNewsEvents = () => useQuery(newsEventsQuery(useStudentId()));
