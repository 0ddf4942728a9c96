import { deleteQuiz, getAuthoredQuiz, listAuthoredQuizzes, saveQuiz } from '@portal/contract/console';
import type { BodyInput } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callConsole } from '../../../lib/console-api.ts';

const quizKey = ['console', 'quizzes'] as const;

export const useChapterQuizzes = (chapterId: number) =>
  useQuery({
    queryKey: [...quizKey, 'chapter', chapterId],
    queryFn: async () => (await callConsole(listAuthoredQuizzes, { chapter_id: chapterId })).data.quizzes,
  });

export const useAuthoredQuiz = (quizId: number | null) =>
  useQuery({
    queryKey: [...quizKey, 'quiz', quizId],
    queryFn: async () => (await callConsole(getAuthoredQuiz, { id: quizId! })).data,
    enabled: quizId !== null,
  });

/** Save and delete refresh the quiz lists and the chapter counts. */
export function useQuizActions() {
  const queryClient = useQueryClient();
  const onSettled = async () => {
    await queryClient.invalidateQueries({ queryKey: quizKey });
    await queryClient.invalidateQueries({ queryKey: ['console', 'course'] });
  };
  return {
    save: useMutation({ mutationFn: (body: BodyInput<typeof saveQuiz>) => callConsole(saveQuiz, body), onSettled }),
    remove: useMutation({
      mutationFn: (body: BodyInput<typeof deleteQuiz>) => callConsole(deleteQuiz, body),
      onSettled,
    }),
  };
}
