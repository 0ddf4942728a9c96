import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Chosen option text per question id. */
export type QuizAnswers = Record<string, string>;

interface QuizAnswersState {
  /** Answers not yet submitted, per student and quiz (`{studentId}:{quizId}`). */
  drafts: Record<string, QuizAnswers>;
  choose: (draft: string, questionId: number, answer: string) => void;
  clear: (draft: string) => void;
}

// Saved in local storage on every choice, so a reload, a closed tab or a dropped connection loses nothing.
export const useQuizAnswers = create<QuizAnswersState>()(
  persist(
    (set) => ({
      drafts: {},
      choose: (draft, questionId, answer) =>
        set((state) => ({ drafts: { ...state.drafts, [draft]: { ...state.drafts[draft], [questionId]: answer } } })),
      clear: (draft) =>
        set((state) => {
          const { [draft]: _submitted, ...rest } = state.drafts;
          return { drafts: rest };
        }),
    }),
    { name: 'quizAnswers', version: 1, partialize: ({ drafts }) => ({ drafts }) },
  ),
);

const noAnswers: QuizAnswers = {};

/** The answers a student has chosen so far in a quiz, and the ways to change them. */
export function useQuizDraft(studentId: number, quizId: number) {
  const draft = `${studentId}:${quizId}`;
  const answers = useQuizAnswers((s) => s.drafts[draft]) ?? noAnswers;
  const choose = useQuizAnswers((s) => s.choose);
  const clear = useQuizAnswers((s) => s.clear);
  return {
    answers,
    choose: (questionId: number, answer: string) => choose(draft, questionId, answer),
    clear: () => clear(draft),
  };
}
