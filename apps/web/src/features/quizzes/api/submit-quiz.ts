import { submitQuiz, type SubmittedAnswer } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useStudentId } from '../../../lib/session-store.ts';

export const submitQuizAnswers = (studentId: number, quizId: number, answers: SubmittedAnswer[]) =>
  callApi(submitQuiz, { stud_id: studentId, quiz_id: quizId, submit_data: answers });

/** Submits answers; a stored attempt makes the chapter's reports and the quiz's own state stale. */
export function useSubmitQuiz(quizId: number, chapterId: number) {
  const studentId = useStudentId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: SubmittedAnswer[]) => submitQuizAnswers(studentId, quizId, answers),
    // Not awaited: the result screen need not wait for the refetches.
    onSuccess: (response) => {
      if (!response.status) return;
      void queryClient.invalidateQueries({ queryKey: ['quiz-history', studentId, chapterId] });
      void queryClient.invalidateQueries({ queryKey: ['quiz', studentId, quizId] });
    },
  });
}
