import type { Batch, LiveClass } from '@portal/contract';
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../http/api-error.ts';

// Timestamps leave the database as ISO text in UTC, whichever driver (pg, PGlite) reads them.
const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export function listBatches(db: Queryable, subjectId: number): Promise<Batch[]> {
  return db.query<Batch>(
    `SELECT id AS batch_id, name AS batch_name FROM batches
      WHERE subject_id = $1
      ORDER BY id
      LIMIT 100`,
    [subjectId],
  );
}

/**
 * The classes of a batch of a subject the student is enrolled in, from three days ago onwards (what a student may still
 * look for, not the batch's whole past), checked and read in one statement: a subject out of reach answers 404 for the
 * subject (as requireSubject does), a batch of another subject or none at all 404 for the batch.
 */
export async function listStudentLiveClasses(db: Queryable, studentId: number, subjectId: number, batchId: number): Promise<LiveClass[]> {
  const rows = await db.query<Omit<LiveClass, 'id' | 'batch_id'> & { id: number | null; batch_id: number | null }>(
    `SELECT c.id, b.name AS batch_name, c.class_name, c.tutor_name, c.online_url,
            ${isoUtc('c.starts_at')} AS starts_at, c.duration_minutes, b.id AS batch_id, s.id AS subject_id
       FROM subjects s
       JOIN reachable_subjects r ON r.subject_id = s.id AND r.student_id = $1
       LEFT JOIN batches b ON b.id = $3 AND b.subject_id = s.id
       LEFT JOIN LATERAL (
         SELECT id, class_name, tutor_name, online_url, starts_at, duration_minutes FROM live_classes
          WHERE batch_id = b.id AND starts_at > now() - interval '3 days'
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
