import { getChapters } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../lib/api-client.ts';
import { useStudentId } from '../lib/session-store.ts';
import { LIST_FRESH_MS } from '../lib/list-freshness.ts';

export const chaptersQuery = (studentId: number, subjectId: number) =>
  queryOptions({
    queryKey: ['chapters', studentId, subjectId],
    queryFn: async () => (await callApi(getChapters, { stud_id: studentId, sub_id: subjectId })).data,
    staleTime: LIST_FRESH_MS,
  });

export const useChapters = (subjectId: number) => useQuery(chaptersQuery(useStudentId(), subjectId));
