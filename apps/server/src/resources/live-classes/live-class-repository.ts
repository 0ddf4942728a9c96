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
 * A batch of a subject the student is enrolled in, checked in one query: a subject out of reach answers 404 for the
 * subject (as requireSubject does), a batch of another subject or none at all 404 for the batch.
 */
export async function requireStudentBatch(db: Queryable, studentId: number, subjectId: number, batchId: number) {
  const [row] = await db.query<{ id: number | null; name: string | null; subject_id: number }>(
    `SELECT b.id, b.name, s.id AS subject_id
       FROM subjects s
       JOIN reachable_subjects r ON r.subject_id = s.id AND r.student_id = $1
       LEFT JOIN batches b ON b.id = $3 AND b.subject_id = s.id
      WHERE s.id = $2`,
    [studentId, subjectId, batchId],
  );
  if (!row) throw notFound('That subject');
  if (row.id === null || row.name === null) throw notFound('That batch');
  return { id: row.id, name: row.name, subject_id: row.subject_id };
}

/** Classes from three days ago onwards: what a student may still look for, not the batch's whole past. */
export function listLiveClasses(
  db: Queryable,
  batch: { id: number; name: string; subject_id: number },
): Promise<LiveClass[]> {
  return db.query<LiveClass>(
    `SELECT id, $2::text AS batch_name, class_name, tutor_name, online_url,
            ${isoUtc('starts_at')} AS starts_at, duration_minutes,
            batch_id, $3::int AS subject_id
       FROM live_classes
      WHERE batch_id = $1 AND starts_at > now() - interval '3 days'
      ORDER BY live_classes.starts_at, live_classes.id
      LIMIT 50`,
    [batch.id, batch.name, batch.subject_id],
  );
}
