import { getNewsItem } from '@portal/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useStudentId } from '../../../lib/session-store.ts';
import { newsEventsQuery } from './get-news-events.ts';
import { LIST_FRESH_MS } from '../../../lib/list-freshness.ts';

export const newsItemQuery = (studentId: number, id: number) =>
  queryOptions({
    queryKey: ['news-event', studentId, id],
    queryFn: async () => (await callApi(getNewsItem, { stud_id: studentId, id })).data,
    staleTime: LIST_FRESH_MS,
  });

/** One news item; opened from the list, it shows at once from the list's copy while it is fetched. */
export function useNewsItem(id: number) {
  const studentId = useStudentId();
  const queryClient = useQueryClient();
  return useQuery({
    ...newsItemQuery(studentId, id),
    placeholderData: () => queryClient.getQueryData(newsEventsQuery(studentId).queryKey)?.find((n) => n.id === id),
  });
}
