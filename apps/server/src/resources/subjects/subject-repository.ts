import type { Chapter, Subject } from '@portal/contract';
import type { Queryable } from '../../db/database.ts';
import { listInReach } from './access.ts';

export function listSubjects(db: Queryable, studentId: number): Promise<Subject[]> {
  return db.query<Subject>(
    `SELECT s.id AS subject_id, s.name AS subject_name, s.thumbnail
       FROM reachable_subjects r JOIN subjects s ON s.id = r.subject_id
      WHERE r.student_id = $1
      ORDER BY s.position, s.id`,
    [studentId],
  );
}

/**
 * The chapters of a subject the student is enrolled in, the enrolment checked in the same query (one trip to the
 * database instead of two); null when the subject is out of their reach or does not exist.
 */
export async function listReachableChapters(
  db: Queryable,
  studentId: number,
  subjectId: number,
): Promise<Chapter[] | null> {
  const rows = await db.query<Omit<Chapter, 'chapter_id'> & { chapter_id: number | null }>(
    `SELECT c.id AS chapter_id, c.name AS chapter_name, s.id AS subject_id, s.name AS subject_name
       FROM subjects s
       JOIN reachable_subjects r ON r.subject_id = s.id AND r.student_id = $1
       LEFT JOIN chapters c ON c.subject_id = s.id
      WHERE s.id = $2
      ORDER BY c.position, c.id`,
    [studentId, subjectId],
  );
  return listInReach(rows, 'chapter_id');
}
