import { getRecentlyWatched } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useStudentId } from '../../../lib/session-store.ts';

// The key starts with 'recently-watched' so a saved watch position marks it stale (api/record-watched.ts).
export const recentlyWatchedQuery = (studentId: number) =>
  queryOptions({
    queryKey: ['recently-watched', studentId],
    queryFn: async () => (await callApi(getRecentlyWatched, { stud_id: studentId })).data.data,
  });

export const useRecentlyWatched = () => useQuery(recentlyWatchedQuery(useStudentId()));
