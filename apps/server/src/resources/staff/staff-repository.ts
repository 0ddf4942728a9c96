import type { StaffMember, StaffRole } from '@portal/contract/console';
import type { Queryable } from '../../db/database.ts';

const columns = `id AS "staff_id", name, mobile, role, active, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "created_at"`;

export async function listStaffMembers(db: Queryable): Promise<StaffMember[]> {
  return db.query<StaffMember>(`SELECT ${columns} FROM staff ORDER BY active DESC, name, id`);
}

export async function findStaffMember(db: Queryable, id: number): Promise<StaffMember | undefined> {
  return (await db.query<StaffMember>(`SELECT ${columns} FROM staff WHERE id = $1`, [id]))[0];
}

/** Locks the row too: two admins changing one member one after the other each see the other's change. */
export async function findStaffMemberForUpdate(db: Queryable, id: number): Promise<StaffMember | undefined> {
  return (await db.query<StaffMember>(`SELECT ${columns} FROM staff WHERE id = $1 FOR UPDATE`, [id]))[0];
}

export async function findActiveStaffByMobile(db: Queryable, mobile: string): Promise<{ id: number } | undefined> {
  return (await db.query<{ id: number }>(`SELECT id FROM staff WHERE mobile = $1 AND active`, [mobile]))[0];
}

/** Inserts a staff member; undefined when the number is already someone's. */
export async function insertStaffMember(
  db: Queryable,
  member: { name: string; mobile: string; role: StaffRole },
): Promise<StaffMember | undefined> {
  const rows = await db.query<StaffMember>(
    `INSERT INTO staff (name, mobile, role) VALUES ($1, $2, $3) ON CONFLICT (mobile) DO NOTHING RETURNING ${columns}`,
    [member.name, member.mobile, member.role],
  );
  return rows[0];
}

export async function updateStaffMember(
  db: Queryable,
  id: number,
  change: { name: string; role: StaffRole; active: boolean },
): Promise<StaffMember> {
  const [row] = await db.query<StaffMember>(
    `UPDATE staff SET name = $2, role = $3, active = $4 WHERE id = $1 RETURNING ${columns}`,
    [id, change.name, change.role, change.active],
  );
  if (!row) throw new Error(`staff ${id} vanished while locked`);
  return row;
}

/** Active admins, locked: the last one cannot be demoted or deactivated by two requests racing. */
export async function countActiveAdmins(db: Queryable): Promise<number> {
  const rows = await db.query<{ id: number }>(`SELECT id FROM staff WHERE role = 'admin' AND active FOR UPDATE`);
  return rows.length;
}
