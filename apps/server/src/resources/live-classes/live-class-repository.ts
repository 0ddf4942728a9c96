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

/** A batch of the given subject; any other id answers 404, like one that does not exist. */
export async function requireBatch(db: Queryable, subjectId: number, batchId: number) {
  const [row] = await db.query<{ id: number; name: string; subject_id: number }>(
    `SELECT id, name, subject_id FROM batches WHERE id = $1 AND subject_id = $2`,
    [batchId, subjectId],
  );
  if (!row) throw notFound('That batch');
  return row;
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
