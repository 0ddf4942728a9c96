import type { QuizListItem, QuizQuestion } from '@portal/contract';
import type { Queryable } from '../../db/database.ts';
import type { GradableQuestion } from '../../domain/quiz-grading.ts';
import { isoUtc, LIST_LIMIT } from './sql.ts';
import { listInReach } from '../subjects/access.ts';

/**
 * The chapter's quizzes, newest first, only when the student is enrolled in its subject, checked in the same query
 * (one trip to the database instead of two); null otherwise.
 */
export async function listReachableQuizzes(
  db: Queryable,
  studentId: number,
  chapterId: number,
): Promise<QuizListItem[] | null> {
  const rows = await db.query<{ id: number | null; name: string; added_on: string }>(
    `SELECT q.id, q.name, ${isoUtc('q.added_at')} AS added_on
       FROM reachable_chapters r
       LEFT JOIN LATERAL (
         SELECT id, name, added_on AS added_at FROM quizzes
          WHERE chapter_id = r.chapter_id AND deleted_at IS NULL
          ORDER BY added_on DESC, id
          LIMIT ${LIST_LIMIT}
       ) q ON true
      WHERE r.student_id = $1 AND r.chapter_id = $2
      ORDER BY q.added_at DESC, q.id`,
    [studentId, chapterId],
  );
  return listInReach(rows, 'id');
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
