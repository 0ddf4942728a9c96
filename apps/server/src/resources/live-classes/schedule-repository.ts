import type { ScheduledBatch, ScheduledClass } from '@portal/contract/console';
import type { Queryable } from '../../db/database.ts';

const classColumns = (zone: string) => `id, class_name, tutor_name, online_url,
  to_char(starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS starts_at,
  to_char(starts_at AT TIME ZONE ${zone}, 'YYYY-MM-DD"T"HH24:MI') AS starts_local, duration_minutes`;

/** The subject's batches (at most 100) with their classes from three days ago on (at most 100 each), by live_classes_batch. */
export async function listSchedule(db: Queryable, subjectId: number, timeZone: string): Promise<ScheduledBatch[]> {
  const batches = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM batches WHERE subject_id = $1 ORDER BY id LIMIT 100`,
    [subjectId],
  );
  const classes = await db.query<ScheduledClass & { batch_id: number }>(
    `SELECT b.id AS batch_id, c.*
       FROM unnest($1::int[]) AS b(id)
       CROSS JOIN LATERAL (
         SELECT ${classColumns('$2::text')} FROM live_classes
          WHERE batch_id = b.id AND starts_at > now() - interval '3 days'
          ORDER BY starts_at, id LIMIT 100) c`,
    [batches.map((batch) => batch.id), timeZone],
  );
  return batches.map((batch) => ({
    ...batch,
    classes: classes.filter((c) => c.batch_id === batch.id).map(({ batch_id: _, ...c }) => c),
  }));
}

export async function findBatch(db: Queryable, id: number) {
  const [row] = await db.query<{ id: number; name: string; subject_id: number }>(
    `SELECT id, name, subject_id FROM batches WHERE id = $1`,
    [id],
  );
  return row;
}

export async function subjectExists(db: Queryable, subjectId: number): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM subjects WHERE id = $1`, [subjectId])).length > 0;
}

export async function insertBatch(tx: Queryable, subjectId: number, name: string) {
  const [row] = await tx.query<{ id: number; name: string }>(
    `INSERT INTO batches (subject_id, name) VALUES ($1, $2) RETURNING id, name`,
    [subjectId, name],
  );
  return row!;
}

export async function renameBatch(tx: Queryable, id: number, name: string) {
  await tx.query(`UPDATE batches SET name = $2 WHERE id = $1`, [id, name]);
}

export async function removeBatch(tx: Queryable, id: number) {
  await tx.query(`DELETE FROM batches WHERE id = $1`, [id]);
}

export async function countClasses(db: Queryable, batchId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM live_classes WHERE batch_id = $1`, [
    batchId,
  ]);
  return row!.n;
}

export async function findClass(db: Queryable, id: number, timeZone: string) {
  const [row] = await db.query<ScheduledClass & { batch_id: number }>(
    `SELECT batch_id, ${classColumns('$2::text')} FROM live_classes WHERE id = $1`,
    [id, timeZone],
  );
  return row;
}

export interface ClassFields {
  class_name: string;
  tutor_name: string;
  online_url: string;
  /** The institute's wall-clock time, 'YYYY-MM-DDTHH:MM'. */
  starts_at: string;
  duration_minutes: number;
}

/**
 * The class and its weekly repeats. Each repeat is a week later on the institute's clock (the local time plus 7 days,
 * then placed in the zone), so a class stays at 9:00 across a daylight-saving change where the zone has one.
 */
export function insertClasses(
  tx: Queryable,
  batchId: number,
  fields: ClassFields,
  repeatWeeks: number,
  timeZone: string,
): Promise<ScheduledClass[]> {
  return tx.query<ScheduledClass>(
    `INSERT INTO live_classes (batch_id, class_name, tutor_name, online_url, starts_at, duration_minutes)
     SELECT $1, $2, $3, $4, ($5::timestamp + make_interval(days => 7 * week)) AT TIME ZONE $8::text, $6
       FROM generate_series(0, $7::int) AS week
     RETURNING ${classColumns('$8::text')}`,
    [
      batchId,
      fields.class_name,
      fields.tutor_name,
      fields.online_url,
      fields.starts_at,
      fields.duration_minutes,
      repeatWeeks,
      timeZone,
    ],
  );
}

export async function updateClass(
  tx: Queryable,
  id: number,
  fields: ClassFields,
  timeZone: string,
): Promise<ScheduledClass> {
  const [row] = await tx.query<ScheduledClass>(
    `UPDATE live_classes SET class_name = $2, tutor_name = $3, online_url = $4, starts_at = $5::timestamp AT TIME ZONE $7::text, duration_minutes = $6
      WHERE id = $1 RETURNING ${classColumns('$7::text')}`,
    [id, fields.class_name, fields.tutor_name, fields.online_url, fields.starts_at, fields.duration_minutes, timeZone],
  );
  return row!;
}

export async function removeClass(tx: Queryable, id: number) {
  await tx.query(`DELETE FROM live_classes WHERE id = $1`, [id]);
}
