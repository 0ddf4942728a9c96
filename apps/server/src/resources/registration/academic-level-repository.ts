import type { AcademicLevel } from '@portal/contract';
import type { Queryable } from '../../db/database.ts';

/** The levels the register form offers, in the institute's order. */
export async function listActiveLevels(db: Queryable): Promise<AcademicLevel[]> {
  return db.query<AcademicLevel>('SELECT id, name FROM academic_levels WHERE active ORDER BY position, id');
}

export async function findActiveLevel(db: Queryable, id: number): Promise<AcademicLevel | undefined> {
  const rows = await db.query<AcademicLevel>('SELECT id, name FROM academic_levels WHERE id = $1 AND active', [id]);
  return rows[0];
}
