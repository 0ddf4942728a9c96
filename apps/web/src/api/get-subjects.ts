import { getSubjects } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../lib/api-client.ts';
import { useStudentId } from '../lib/session-store.ts';

export const subjectsQuery = (studentId: number) =>
  queryOptions({
    queryKey: ['subjects', studentId],
    queryFn: async () => (await callApi(getSubjects, { stud_id: studentId })).data.data,
  });

export const useSubjects = () => useQuery(subjectsQuery(useStudentId()));
