import type { QuizListItem, QuizQuestion } from '@portal/contract';
import type { Queryable } from '../../db/database.ts';
import type { GradableQuestion } from './grading.ts';
import { isoUtc, LIST_LIMIT } from './sql.ts';

export function listChapterQuizzes(db: Queryable, chapterId: number): Promise<QuizListItem[]> {
  return db.query<QuizListItem>(
    `SELECT id, name, ${isoUtc('added_on')} AS added_on
       FROM quizzes WHERE chapter_id = $1 AND deleted_at IS NULL
      ORDER BY added_on DESC, id
      LIMIT ${LIST_LIMIT}`,
    [chapterId],
  );
}

/** The questions as the student sees them: the correct answer is never selected here. */
export function listQuizQuestions(db: Queryable, quizId: number): Promise<QuizQuestion[]> {
  return db.query<QuizQuestion>(
    `SELECT id AS question_id, question, options, marks
       FROM questions WHERE quiz_id = $1 AND retired_at IS NULL
      ORDER BY position, id
      LIMIT ${LIST_LIMIT}`,
    [quizId],
  );
}

/** The questions with their correct answers, for grading only. */
export function listGradableQuestions(db: Queryable, quizId: number): Promise<GradableQuestion[]> {
  return db.query<GradableQuestion>(
    `SELECT id, options, correct_answer, marks
       FROM questions WHERE quiz_id = $1 AND retired_at IS NULL
      ORDER BY position, id
      LIMIT ${LIST_LIMIT}`,
    [quizId],
  );
}
