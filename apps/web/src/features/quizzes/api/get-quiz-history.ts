import { getQuizHistory } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useStudentId } from '../../../lib/session-store.ts';

/**
 * A student's own reports keep no freshness window (lib/list-freshness.ts): an attempt the offline queue sent, or one
 * sent from another tab, must show the next time the list opens, even after a reload restored the saved list.
 */
export const quizHistoryQuery = (studentId: number, chapterId: number) =>
  queryOptions({
    queryKey: ['quiz-history', studentId, chapterId],
    queryFn: async () => (await callApi(getQuizHistory, { stud_id: studentId, chapter_id: chapterId })).data,
  });

export const useQuizHistory = (chapterId: number) => useQuery(quizHistoryQuery(useStudentId(), chapterId));
