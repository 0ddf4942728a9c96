import type { Queryable } from '../../db/database.ts';
import { fieldRefusal } from '../../http/api-error.ts';

/**
 * The subjects a choice of subjects and batches enrols in: those chosen and each batch's own (a batch's classes are
 * reached through its subject). Refuses a subject or batch that does not exist.
 */
export async function subjectsOfChoice(tx: Queryable, subjectIds: number[], batchIds: number[]): Promise<number[]> {
  const batches = await tx.query<{ id: number; subject_id: number }>(
    'SELECT id, subject_id FROM batches WHERE id = ANY($1::int[])',
    [batchIds],
  );
  if (batches.length !== new Set(batchIds).size) throw fieldRefusal('batch_ids', 'a batch does not exist.');
  const all = [...new Set([...subjectIds, ...batches.map((b) => b.subject_id)])];
  const [known] = await tx.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM subjects WHERE id = ANY($1::int[])',
    [all],
  );
  if (known?.count !== all.length) throw fieldRefusal('subject_ids', 'a subject does not exist.');
  return all;
}

/** Adds enrolments and batch places a student does not have yet; keeps those they have. */
export async function addEnrolments(tx: Queryable, studentId: number, subjectIds: number[], batchIds: number[]) {
  await tx.query(
    'INSERT INTO enrolments (student_id, subject_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING',
    [studentId, subjectIds],
  );
  await tx.query(
    'INSERT INTO batch_members (student_id, batch_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING',
    [studentId, batchIds],
  );
}
