import { getQuizReport } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useStudentId } from '../../../lib/session-store.ts';

/** An attempt never changes once stored, so its report is cached for the session. */
export const quizReportQuery = (studentId: number, attemptId: number) =>
  queryOptions({
    queryKey: ['quiz-report', studentId, attemptId],
    queryFn: async () => (await callApi(getQuizReport, { stud_id: studentId, id: attemptId })).data,
    staleTime: Infinity,
  });

export const useQuizReport = (attemptId: number) => useQuery(quizReportQuery(useStudentId(), attemptId));
