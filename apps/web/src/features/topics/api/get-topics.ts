import { getTopics } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useStudentId } from '../../../lib/session-store.ts';
import { LIST_FRESH_MS } from '../../../lib/list-freshness.ts';

// The key starts with 'topics' so a saved watch position marks it stale (api/record-watched.ts).
export const topicsQuery = (studentId: number, chapterId: number) =>
  queryOptions({
    queryKey: ['topics', studentId, chapterId],
    queryFn: async () => (await callApi(getTopics, { stud_id: studentId, chapter_id: chapterId })).data,
    staleTime: LIST_FRESH_MS,
  });

export const useTopics = (chapterId: number) => useQuery(topicsQuery(useStudentId(), chapterId));
