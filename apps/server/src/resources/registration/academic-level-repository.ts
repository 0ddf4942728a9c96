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

export interface ManagedLevelRow {
  level_id: number;
  name: string;
  position: number;
  active: boolean;
}

const managedColumns = 'id AS "level_id", name, position, active';

export async function listAllLevels(db: Queryable): Promise<ManagedLevelRow[]> {
  return db.query<ManagedLevelRow>(`SELECT ${managedColumns} FROM academic_levels ORDER BY position, id`);
}

export async function findLevelForUpdate(tx: Queryable, id: number): Promise<ManagedLevelRow | undefined> {
  const rows = await tx.query<ManagedLevelRow>(
    `SELECT ${managedColumns} FROM academic_levels WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0];
}

export async function levelNamed(db: Queryable, name: string): Promise<ManagedLevelRow | undefined> {
  const rows = await db.query<ManagedLevelRow>(
    `SELECT ${managedColumns} FROM academic_levels WHERE lower(name) = lower($1)`,
    [name],
  );
  return rows[0];
}

/** A new level goes last unless a position is given. */
export async function insertLevel(tx: Queryable, name: string, position: number | undefined): Promise<ManagedLevelRow> {
  const [row] = await tx.query<ManagedLevelRow>(
    `INSERT INTO academic_levels (name, position)
     VALUES ($1, coalesce($2, (SELECT coalesce(max(position), 0) + 1 FROM academic_levels))) RETURNING ${managedColumns}`,
    [name, position ?? null],
  );
  if (!row) throw new Error('academic level not stored');
  return row;
}

export async function updateLevel(tx: Queryable, level: ManagedLevelRow): Promise<ManagedLevelRow> {
  const [row] = await tx.query<ManagedLevelRow>(
    `UPDATE academic_levels SET name = $2, position = $3, active = $4 WHERE id = $1 RETURNING ${managedColumns}`,
    [level.level_id, level.name, level.position, level.active],
  );
  if (!row) throw new Error('academic level not updated');
  return row;
}
