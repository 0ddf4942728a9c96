import { listStudents, type RosterFilter } from '@portal/contract/console';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callConsole } from '../../../lib/console-api.ts';

export interface StudentListParams {
  q: string;
  status: 'active' | 'inactive' | 'all';
  subject_id?: number | undefined;
  batch_id?: number | undefined;
  after?: { name: string; id: number } | undefined;
}

/** The roster's filter as the server reads it (a bulk action for "all that match" sends exactly this). */
export const filterOf = (params: StudentListParams): RosterFilter => ({
  status: params.status,
  ...(params.q ? { q: params.q } : {}),
  ...(params.subject_id ? { subject_id: params.subject_id } : {}),
  ...(params.batch_id ? { batch_id: params.batch_id } : {}),
});

export const studentsQuery = (params: StudentListParams) =>
  queryOptions({
    queryKey: ['console', 'students', 'list', params],
    queryFn: async () =>
      (
        await callConsole(listStudents, {
          ...filterOf(params),
          ...(params.after ? { after: params.after } : {}),
          limit: 50,
        })
      ).data,
  });

/** One page of the roster; the previous page stays on screen while the next loads. */
export const useStudents = (params: StudentListParams) =>
  useQuery({ ...studentsQuery(params), placeholderData: keepPreviousData });
