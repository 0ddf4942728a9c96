import { getQuizzesByChapter } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useStudentId } from '../../../lib/session-store.ts';
import { LIST_FRESH_MS } from '../../../lib/list-freshness.ts';

export const chapterQuizzesQuery = (studentId: number, chapterId: number) =>
  queryOptions({
    queryKey: ['quizzes', studentId, chapterId],
    queryFn: async () => (await callApi(getQuizzesByChapter, { stud_id: studentId, chapter_id: chapterId })).data,
    staleTime: LIST_FRESH_MS,
  });

export const useChapterQuizzes = (chapterId: number) => useQuery(chapterQuizzesQuery(useStudentId(), chapterId));
