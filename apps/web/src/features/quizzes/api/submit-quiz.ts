import { type BodyInput, submitQuiz, type SubmittedAnswer } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useStudentId } from '../../../lib/session-store.ts';

/** The body of a submission, the same for every try (and for the offline queue, lib/offline-queue.ts). */
export const quizSubmissionBody = (
  studentId: number,
  quizId: number,
  answers: SubmittedAnswer[],
  submissionId?: string,
): BodyInput<typeof submitQuiz> => ({
  stud_id: studentId,
  quiz_id: quizId,
  submit_data: answers,
  ...(submissionId ? { submission_id: submissionId } : {}),
});

export const submitQuizAnswers = (
  studentId: number,
  quizId: number,
  answers: SubmittedAnswer[],
  submissionId?: string,
) => callApi(submitQuiz, quizSubmissionBody(studentId, quizId, answers, submissionId));

export interface QuizSubmission {
  answers: SubmittedAnswer[];
  /** The same for every try of one submission: the server stores it once. */
  submissionId: string | undefined;
}

/** Submits answers; a stored attempt makes the chapter's reports and the quiz's own state stale. */
export function useSubmitQuiz(quizId: number, chapterId: number) {
  const studentId = useStudentId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answers, submissionId }: QuizSubmission) =>
      submitQuizAnswers(studentId, quizId, answers, submissionId),
    // Not awaited: the result screen need not wait for the refetches.
    onSuccess: (response) => {
      if (!response.status) return;
      void queryClient.invalidateQueries({ queryKey: ['quiz-history', studentId, chapterId] });
      void queryClient.invalidateQueries({ queryKey: ['quiz', studentId, quizId] });
    },
  });
}
