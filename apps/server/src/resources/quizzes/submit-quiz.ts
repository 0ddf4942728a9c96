import type { RefusalCode } from '@portal/contract';
import type { QuizResult } from '@portal/contract';
import type { Database } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import type { QuizRow } from './access.ts';
import {
  findAttemptBySubmission,
  findLatestAttempt,
  insertAttempt,
  lockStudentQuiz,
  lockSubmission,
} from './attempt-repository.ts';
import { answersHash, gradeSubmission, resultMessage, type Answer } from '../../domain/quiz-grading.ts';
import { listGradableQuestions } from './quiz-repository.ts';

/** The same answers again within this many seconds are a repeated Submit (a double click, a retry), not a new attempt. */
export const DUPLICATE_WINDOW_SECONDS = 60;

export type Submission = { ok: true; result: QuizResult } | { ok: false; message: string; code: RefusalCode };

/**
 * Grades and stores one attempt in one transaction. Under a lock per student and quiz it first looks for the
 * submission's own id: a submission seen before answers its first attempt again, however late it comes.
 * Without an id (older clients) the same answers within the window count as a repeat. Otherwise a quiz
 * that allows no retake refuses a second attempt.
 */
export async function submitAttempt(
  db: Database,
  studentId: number,
  quiz: QuizRow,
  answers: Answer[],
  submissionId?: string,
): Promise<Submission> {
  const questions = await listGradableQuestions(db, quiz.id);
  if (questions.length === 0)
    return { ok: false, message: 'This quiz has no questions yet.', code: 'quiz_no_questions' };
  const grade = gradeSubmission(questions, answers, quiz.pass_marks);
  if (!grade.ok) throw new ApiError(400, grade.message, { code: 'quiz_answer_invalid' });
  const hash = answersHash(grade.answers);

  return db.transaction(async (tx) => {
    if (submissionId) await lockSubmission(tx, studentId, submissionId);
    await lockStudentQuiz(tx, studentId, quiz.id);
    if (submissionId) {
      const first = await findAttemptBySubmission(tx, studentId, submissionId);
      if (first && first.quiz_id !== quiz.id)
        throw new ApiError(409, 'submission_id: was already used for another quiz', {
          code: 'conflict',
          field: 'submission_id',
        });
      if (first) return passed(quiz, first.id, first.result, `${first.marks}/${first.max_marks}`);
    }
    const latest = await findLatestAttempt(tx, studentId, quiz.id, DUPLICATE_WINDOW_SECONDS);
    if (!submissionId && latest?.recent && latest.answers_hash === hash) {
      return passed(quiz, latest.id, latest.result, `${latest.marks}/${latest.max_marks}`);
    }
    if (latest && !quiz.allow_retake) {
      return {
        ok: false,
        message: 'You have already taken this quiz, and it can be taken only once. See your result in Reports.',
        code: 'quiz_already_taken',
      };
    }
    const attemptId = await insertAttempt(tx, {
      quizId: quiz.id,
      studentId,
      marks: grade.marks,
      maxMarks: grade.maxMarks,
      result: grade.result,
      answersHash: hash,
      answers: grade.answers,
      submissionId: submissionId ?? null,
    });
    return passed(quiz, attemptId, grade.result, grade.scoreText);
  });
}

const passed = (quiz: QuizRow, attemptId: number, result: 'pass' | 'fail', scoreText: string): Submission => ({
  ok: true,
  result: {
    result,
    message: resultMessage(result, quiz.name, quiz.allow_retake),
    score_text: scoreText,
    attempt_id: attemptId,
  },
});
