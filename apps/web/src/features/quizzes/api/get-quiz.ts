import { getQuiz } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useStudentId } from '../../../lib/session-store.ts';

export const quizQuery = (studentId: number, quizId: number) =>
  queryOptions({
    queryKey: ['quiz', studentId, quizId],
    queryFn: async () => (await callApi(getQuiz, { stud_id: studentId, quiz_id: quizId })).data,
  });

export const useQuiz = (quizId: number) => useQuery(quizQuery(useStudentId(), quizId));
