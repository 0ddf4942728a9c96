import type { Chapter, Subject } from '@portal/contract';
import type { Queryable } from '../../db/database.ts';

export function listSubjects(db: Queryable, studentId: number): Promise<Subject[]> {
  return db.query<Subject>(
    `SELECT s.id AS subject_id, s.name AS subject_name, s.thumbnail
       FROM reachable_subjects r JOIN subjects s ON s.id = r.subject_id
      WHERE r.student_id = $1
      ORDER BY s.position, s.id`,
    [studentId],
  );
}

export function listChapters(db: Queryable, subject: { id: number; name: string }): Promise<Chapter[]> {
  return db.query<Chapter>(
    `SELECT id AS chapter_id, name AS chapter_name, subject_id, $2::text AS subject_name
       FROM chapters WHERE subject_id = $1
      ORDER BY position, id`,
    [subject.id, subject.name],
  );
}
