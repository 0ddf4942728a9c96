import { useCallback } from 'react';
import { newUuid } from '../../lib/new-uuid.ts';
import { QUIZ_ANSWERS_KEY } from '../../lib/private-data.ts';
import { useSession } from '../../lib/session-store.ts';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Chosen option text per question id. */
export type QuizAnswers = Record<string, string>;

interface QuizAnswersState {
  /** Answers not yet submitted, per student and quiz (`{studentId}:{quizId}`). */
  drafts: Record<string, QuizAnswers>;
  /**
   * The id of each draft's submission, made when the student starts the quiz and sent with every try of
   * Submit, so a retry (however late) is recognised by the server as the same attempt.
   */
  submissionIds: Record<string, string>;
  start: (draft: string) => void;
  choose: (draft: string, questionId: number, answer: string) => void;
  clear: (draft: string) => void;
}

// Saved in local storage on every choice, so a reload, a closed tab or a dropped connection loses nothing.
export const useQuizAnswers = create<QuizAnswersState>()(
  persist(
    (set) => ({
      drafts: {},
      submissionIds: {},
      start: (draft) =>
        set((state) =>
          state.submissionIds[draft] ? state : { submissionIds: { ...state.submissionIds, [draft]: newUuid() } },
        ),
      choose: (draft, questionId, answer) =>
        set((state) => ({ drafts: { ...state.drafts, [draft]: { ...state.drafts[draft], [questionId]: answer } } })),
      clear: (draft) =>
        set((state) => {
          const { [draft]: _submitted, ...rest } = state.drafts;
          const { [draft]: _id, ...otherIds } = state.submissionIds;
          return { drafts: rest, submissionIds: otherIds };
        }),
    }),
    {
      name: QUIZ_ANSWERS_KEY,
      version: 1,
      partialize: ({ drafts, submissionIds }) => ({ drafts, submissionIds }),
      // Drafts saved before submission ids existed get an id when their quiz is opened again.
      merge: (saved, current) => ({
        ...current,
        ...(saved as Partial<QuizAnswersState>),
        submissionIds: (saved as Partial<QuizAnswersState> | undefined)?.submissionIds ?? {},
      }),
    },
  ),
);

// Logout (or another student's sign-in) clears the saved answers (lib/private-data.ts); the ones held here go too.
useSession.subscribe((state, previous) => {
  if (previous.token && state.token !== previous.token) useQuizAnswers.setState({ drafts: {}, submissionIds: {} });
});

const noAnswers: QuizAnswers = {};

/** The answers a student has chosen so far in a quiz, and the ways to change them. */
export function useQuizDraft(studentId: number, quizId: number) {
  const draft = `${studentId}:${quizId}`;
  const answers = useQuizAnswers((s) => s.drafts[draft]) ?? noAnswers;
  const submissionId = useQuizAnswers((s) => s.submissionIds[draft]);
  const start = useQuizAnswers((s) => s.start);
  const choose = useQuizAnswers((s) => s.choose);
  const clear = useQuizAnswers((s) => s.clear);
  return {
    answers,
    submissionId,
    /** Makes the draft's submission id unless it has one. */
    start: useCallback(() => start(draft), [start, draft]),
    choose: (questionId: number, answer: string) => choose(draft, questionId, answer),
    clear: () => clear(draft),
  };
}
