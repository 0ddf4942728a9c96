import { listStudents } from '@portal/contract/console';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callConsole } from '../../../lib/console-api.ts';

export interface StudentListParams {
  q: string;
  status: 'active' | 'inactive' | 'all';
  after?: { name: string; id: number } | undefined;
}

export const studentsQuery = (params: StudentListParams) =>
  queryOptions({
    queryKey: ['console', 'students', 'list', params],
    queryFn: async () => (await callConsole(listStudents, { ...params, q: params.q || undefined, limit: 50 })).data,
  });

/** One page of the roster; the previous page stays on screen while the next loads. */
export const useStudents = (params: StudentListParams) =>
  useQuery({ ...studentsQuery(params), placeholderData: keepPreviousData });
