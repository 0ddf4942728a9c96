import type { Batch, LiveClass } from '@portal/contract';
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../http/api-error.ts';

// Timestamps leave the database as ISO text in UTC, whichever driver (pg, PGlite) reads them.
const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The student's batches of a subject (reachable_batches: the batches staff put them in, migration 090). */
export function listStudentBatches(db: Queryable, studentId: number, subjectId: number): Promise<Batch[]> {
  return db.query<Batch>(
    `SELECT batch_id, name AS batch_name FROM reachable_batches
      WHERE student_id = $1 AND subject_id = $2
      ORDER BY batch_id
      LIMIT 100`,
    [studentId, subjectId],
  );
}

/**
 * The classes of one of the student's batches of a subject they are enrolled in, from three days ago onwards (what a
 * student may still look for, not the batch's whole past), checked and read in one statement: a subject out of reach
 * answers 404 for the subject (as requireSubject does); a batch of another subject, one the student is not in, or
 * none at all 404 for the batch.
 */
export async function listStudentLiveClasses(
  db: Queryable,
  studentId: number,
  subjectId: number,
  batchId: number,
): Promise<LiveClass[]> {
  const rows = await db.query<Omit<LiveClass, 'id' | 'batch_id'> & { id: number | null; batch_id: number | null }>(
    `SELECT c.id, b.name AS batch_name, c.class_name, c.tutor_name, c.online_url,
            ${isoUtc('c.starts_at')} AS starts_at, c.duration_minutes, b.batch_id, s.id AS subject_id
       FROM subjects s
       JOIN reachable_subjects r ON r.subject_id = s.id AND r.student_id = $1
       LEFT JOIN reachable_batches b ON b.batch_id = $3 AND b.student_id = $1 AND b.subject_id = s.id
       LEFT JOIN LATERAL (
         SELECT id, class_name, tutor_name, online_url, starts_at, duration_minutes FROM live_classes
          WHERE batch_id = b.batch_id AND starts_at > now() - interval '3 days'
          ORDER BY starts_at, id
          LIMIT 50
       ) c ON true
      WHERE s.id = $2
      ORDER BY c.starts_at, c.id`,
    [studentId, subjectId, batchId],
  );
  if (rows.length === 0) throw notFound('That subject');
  if (rows[0]!.batch_id === null) throw notFound('That batch');
  return rows.filter((row): row is LiveClass => row.id !== null);
}
