import { createHash } from 'node:crypto';

export interface GradableQuestion {
  id: number;
  options: string[];
  correct_answer: string;
  marks: number;
}

export interface Answer {
  question_id: number;
  answer: string;
}

export type Grade =
  | { ok: true; marks: number; maxMarks: number; result: 'pass' | 'fail'; scoreText: string; answers: Answer[] }
  | { ok: false; message: string };

/**
 * Grades a submission against the stored questions: a question earns its marks when the chosen option is its
 * correct answer; unanswered questions earn nothing. Answers naming a question outside the quiz, or an option
 * the question does not have, make the whole submission invalid.
 */
export function gradeSubmission(
  questions: readonly GradableQuestion[],
  answers: readonly Answer[],
  passMarks: number,
): Grade {
  const byId = new Map(questions.map((question, index) => [question.id, { question, number: index + 1 }]));
  let marks = 0;
  for (const { question_id, answer } of answers) {
    const found = byId.get(question_id);
    if (!found) return { ok: false, message: `Question ${question_id} is not part of this quiz.` };
    if (!found.question.options.includes(answer)) {
      return { ok: false, message: `"${shorten(answer)}" is not one of the options of question ${found.number}.` };
    }
    if (answer === found.question.correct_answer) marks += found.question.marks;
  }
  const maxMarks = questions.reduce((sum, question) => sum + question.marks, 0);
  return {
    ok: true,
    marks,
    maxMarks,
    result: marks >= passMarks ? 'pass' : 'fail',
    scoreText: `${marks}/${maxMarks}`,
    answers: sortAnswers(answers),
  };
}

export const sortAnswers = (answers: readonly Answer[]): Answer[] =>
  [...answers].sort((a, b) => a.question_id - b.question_id);

/** Identifies a set of answers regardless of their order, to recognise a repeated submission. */
export function answersHash(answers: readonly Answer[]): string {
  const canonical = JSON.stringify(sortAnswers(answers).map((a) => [a.question_id, a.answer]));
  return createHash('sha256').update(canonical).digest('hex');
}

export function resultMessage(result: 'pass' | 'fail', quizName: string, retakeAllowed: boolean): string {
  if (result === 'pass') return `Congratulations! You passed ${quizName}.`;
  return retakeAllowed
    ? `You did not pass ${quizName} this time. Review your answers and try again.`
    : `You did not pass ${quizName}. Review your answers in the chapter's reports.`;
}

const shorten = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);
