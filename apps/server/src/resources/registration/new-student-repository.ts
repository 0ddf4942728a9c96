import type { Queryable } from '../../db/database.ts';
import { nameKey } from '../../domain/name-key.ts';
import type { RequestForDecision } from './registration-repository.ts';

/** The student an approved request becomes: its details, its canonical number, its level's name. */
export async function insertStudentFrom(tx: Queryable, request: RequestForDecision): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO students (name, guardian, state, district, email, phone_code, mobile, academic_level, name_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::tsvector) RETURNING id`,
    [
      request.name,
      request.guardian,
      request.state,
      request.district,
      request.email,
      request.callingCode,
      request.national,
      request.academic_level,
      nameKey(request.name),
    ],
  );
  if (!row) throw new Error('student not stored');
  return row.id;
}

/** Which of these subject ids exist. */
export async function existingSubjects(db: Queryable, ids: number[]): Promise<{ id: number; name: string }[]> {
  return db.query<{ id: number; name: string }>('SELECT id, name FROM subjects WHERE id = ANY($1::int[]) ORDER BY id', [
    ids,
  ]);
}

/** Every batch, by subject: where an approval may place the student. */
export async function listBatches(db: Queryable): Promise<{ batch_id: number; name: string; subject_id: number }[]> {
  return db.query<{ batch_id: number; name: string; subject_id: number }>(
    'SELECT id AS "batch_id", name, subject_id FROM batches ORDER BY subject_id, id',
  );
}

/** Every subject, in the order students see them: what an approval may enrol in. */
export async function listSubjects(db: Queryable): Promise<{ subject_id: number; name: string }[]> {
  return db.query<{ subject_id: number; name: string }>(
    'SELECT id AS "subject_id", name FROM subjects ORDER BY position, id',
  );
}
