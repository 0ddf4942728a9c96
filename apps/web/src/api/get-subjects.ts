import { getSubjects } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../lib/api-client.ts';
import { useStudentId } from '../lib/session-store.ts';
import { LIST_FRESH_MS } from '../lib/list-freshness.ts';

export const subjectsQuery = (studentId: number) =>
  queryOptions({
    queryKey: ['subjects', studentId],
    queryFn: async () => (await callApi(getSubjects, { stud_id: studentId })).data.data,
    staleTime: LIST_FRESH_MS,
  });

export const useSubjects = () => useQuery(subjectsQuery(useStudentId()));
