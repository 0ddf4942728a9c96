import { getQuizHistory } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useStudentId } from '../../../lib/session-store.ts';
import { LIST_FRESH_MS } from '../../../lib/list-freshness.ts';

export const quizHistoryQuery = (studentId: number, chapterId: number) =>
  queryOptions({
    queryKey: ['quiz-history', studentId, chapterId],
    queryFn: async () => (await callApi(getQuizHistory, { stud_id: studentId, chapter_id: chapterId })).data,
    staleTime: LIST_FRESH_MS,
  });

export const useQuizHistory = (chapterId: number) => useQuery(quizHistoryQuery(useStudentId(), chapterId));
