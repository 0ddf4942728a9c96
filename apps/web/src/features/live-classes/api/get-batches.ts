import { getBatches } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useStudentId } from '../../../lib/session-store.ts';
import { LIST_FRESH_MS } from '../../../lib/list-freshness.ts';

export const batchesQuery = (studentId: number, subjectId: number) =>
  queryOptions({
    queryKey: ['batches', studentId, subjectId],
    queryFn: async () => (await callApi(getBatches, { stud_id: studentId, sub_id: subjectId })).data,
    staleTime: LIST_FRESH_MS,
  });

export const useBatches = (subjectId: number) => useQuery(batchesQuery(useStudentId(), subjectId));
