import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../http/api-error.ts';

/**
 * Object-level checks: a subject or chapter is visible only to students enrolled in its subject (the views
 * reachable_subjects and reachable_chapters, migration 072, hold that rule for every check).
 * Anything else answers 404, the same as an id that does not exist, so ids cannot be probed.
 */
export async function requireSubject(db: Queryable, studentId: number, subjectId: number) {
  const [row] = await db.query<{ id: number; name: string }>(
    `SELECT s.id, s.name FROM subjects s
       JOIN reachable_subjects r ON r.subject_id = s.id AND r.student_id = $1
      WHERE s.id = $2`,
    [studentId, subjectId],
  );
  if (!row) throw notFound('That subject');
  return row;
}

/**
 * The rows of a list read in one statement with its access check (the list LEFT JOINed to the subject or chapter in
 * reach): no row means out of reach (null); otherwise the rows without a list item (`key` null) are dropped, which
 * leaves [] for a subject or chapter with nothing in it.
 */
export function listInReach<T, K extends keyof T>(rows: T[], key: K): (T & { [P in K]: NonNullable<T[P]> })[] | null {
  if (rows.length === 0) return null;
  return rows.filter((row): row is T & { [P in K]: NonNullable<T[P]> } => row[key] !== null);
}
