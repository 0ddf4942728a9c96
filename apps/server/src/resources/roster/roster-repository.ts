import type { Queryable } from '../../db/database.ts';
import type { TextField } from './student-fields.ts';

/** A student as staff see and change them. */
export interface StudentRecord extends Record<TextField, string> {
  id: number;
  phone_code: string;
  mobile: string;
  active: boolean;
  subject_ids: number[];
  batch_ids: number[];
}

const recordColumns = `s.id, s.name, s.guardian, s.email, s.state, s.district, s.academic_level, s.phone_code, s.mobile, s.active,
  coalesce((SELECT array_agg(e.subject_id ORDER BY e.subject_id) FROM enrolments e WHERE e.student_id = s.id), '{}') AS subject_ids,
  coalesce((SELECT array_agg(b.batch_id ORDER BY b.batch_id) FROM batch_members b WHERE b.student_id = s.id), '{}') AS batch_ids`;

export async function findStudentRecord(db: Queryable, id: number): Promise<StudentRecord | undefined> {
  const [row] = await db.query<StudentRecord>(`SELECT ${recordColumns} FROM students s WHERE s.id = $1`, [id]);
  return row;
}

/** Several students by id, in id order (those that exist). */
export async function findStudentRecords(db: Queryable, ids: number[]): Promise<StudentRecord[]> {
  return db.query<StudentRecord>(`SELECT ${recordColumns} FROM students s WHERE s.id = ANY($1::int[]) ORDER BY s.id`, [
    ids,
  ]);
}

/** The students who have any of these canonical numbers (the unique index on the number answers each). */
export async function findStudentsByNumbers(
  db: Queryable,
  numbers: { callingCode: string; national: string }[],
): Promise<StudentRecord[]> {
  if (numbers.length === 0) return [];
  return db.query<StudentRecord>(
    `SELECT ${recordColumns}
       FROM unnest($1::text[], $2::text[]) AS n(phone_code, mobile)
       JOIN students s ON s.phone_code = n.phone_code AND s.mobile = n.mobile`,
    [numbers.map((n) => n.callingCode), numbers.map((n) => n.national)],
  );
}

export interface NamedSubject {
  id: number;
  name: string;
}
export interface NamedBatch extends NamedSubject {
  subject_id: number;
}

export async function listSubjectsAndBatches(
  db: Queryable,
): Promise<{ subjects: NamedSubject[]; batches: NamedBatch[] }> {
  const subjects = await db.query<NamedSubject>('SELECT id, name FROM subjects ORDER BY position, id');
  const batches = await db.query<NamedBatch>('SELECT id, name, subject_id FROM batches ORDER BY subject_id, id');
  return { subjects, batches };
}
