import { DELETED_LIST_LIMIT, type DeletedItem } from '@portal/contract/console';
import type { Queryable } from '../../db/database.ts';

/** Quizzes hidden by "Delete" (they had attempts), newest deletion first, with where they were. */
export function listDeletedQuizzes(db: Queryable): Promise<DeletedItem[]> {
  return db.query<DeletedItem>(
    `SELECT q.id, q.name, s.name AS subject_name, c.id AS chapter_id, c.name AS chapter_name,
            to_char(q.deleted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS deleted_at,
            (SELECT count(*)::int FROM quiz_attempts a WHERE a.quiz_id = q.id) AS kept
       FROM quizzes q JOIN chapters c ON c.id = q.chapter_id JOIN subjects s ON s.id = c.subject_id
      WHERE q.deleted_at IS NOT NULL
      ORDER BY q.deleted_at DESC, q.id DESC LIMIT ${DELETED_LIST_LIMIT}`,
  );
}

/** Shows a hidden quiz again; answers its name, or undefined when no hidden quiz has this id. */
export async function unhideQuiz(tx: Queryable, id: number): Promise<{ name: string } | undefined> {
  const [row] = await tx.query<{ name: string }>(
    'UPDATE quizzes SET deleted_at = NULL WHERE id = $1 AND deleted_at IS NOT NULL RETURNING name',
    [id],
  );
  return row;
}
