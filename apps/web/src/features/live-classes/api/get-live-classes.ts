import { getLiveClasses } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useStudentId } from '../../../lib/session-store.ts';

export const liveClassesQuery = (studentId: number, subjectId: number, batchId: number) =>
  queryOptions({
    queryKey: ['live-classes', studentId, subjectId, batchId],
    queryFn: async () =>
      (await callApi(getLiveClasses, { stud_id: studentId, sub_id: subjectId, batch_id: batchId })).data,
    // A class starts or ends while the screen is open; the list itself changes rarely.
    refetchInterval: 5 * 60_000,
  });

export const useLiveClasses = (subjectId: number, batchId: number) =>
  useQuery(liveClassesQuery(useStudentId(), subjectId, batchId));
