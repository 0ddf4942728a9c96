import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../http/api-error.ts';

export interface QuizRow {
  id: number;
  name: string;
  chapter_id: number;
  pass_marks: number;
  allow_retake: boolean;
}

/** A quiz is visible only to students enrolled in its chapter's subject; anything else is a 404, like a missing id. */
export async function requireQuiz(db: Queryable, studentId: number, quizId: number): Promise<QuizRow> {
  const [row] = await db.query<QuizRow>(
    `SELECT q.id, q.name, q.chapter_id, q.pass_marks, q.allow_retake
       FROM quizzes q
       JOIN reachable_chapters r ON r.chapter_id = q.chapter_id AND r.student_id = $1
      WHERE q.id = $2 AND q.deleted_at IS NULL`,
    [studentId, quizId],
  );
  if (!row) throw notFound('That quiz');
  return row;
}
