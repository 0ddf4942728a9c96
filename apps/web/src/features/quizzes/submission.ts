import type { QuizQuestion, SubmittedAnswer } from '@portal/contract';
import type { QuizAnswers } from './answers-store.ts';

/**
 * The submission the server takes: one answer per answered question, sorted by question id (spec section 7).
 * A saved answer that is no longer one of its question's options (the quiz was edited) is left out.
 */
export function toSubmission(questions: readonly QuizQuestion[], answers: QuizAnswers): SubmittedAnswer[] {
  return questions
    .flatMap((q) => {
      const answer = answers[q.question_id];
      return answer !== undefined && q.options.includes(answer) ? [{ question_id: q.question_id, answer }] : [];
    })
    .sort((a, b) => a.question_id - b.question_id);
}
