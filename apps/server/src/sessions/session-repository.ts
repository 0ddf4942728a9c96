import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a session; the token (256 random bits) is returned once and only its hash is stored. */
export async function createSession(db: Queryable, studentId: number, ttlHours: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO sessions (token_hash, student_id, expires_at) VALUES ($1, $2, now() + make_interval(hours => $3))`,
    [hashToken(token), studentId, ttlHours],
  );
  return token;
}

/** The student of a live session; a staff member's token is no student's. */
export async function findSessionStudent(db: Queryable, token: string): Promise<number | undefined> {
  const rows = await db.query<{ student_id: number }>(
    `SELECT student_id FROM sessions
      WHERE token_hash = $1 AND student_id IS NOT NULL AND revoked_at IS NULL AND expires_at > now()`,
    [hashToken(token)],
  );
  return rows[0]?.student_id;
}

export async function revokeSession(db: Queryable, token: string): Promise<void> {
  await db.query(`UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL`, [hashToken(token)]);
}

/** A student's expired or revoked sessions, dropped when they sign in again. */
export async function deleteDeadSessions(db: Queryable, studentId: number): Promise<void> {
  await db.query(`DELETE FROM sessions WHERE student_id = $1 AND (revoked_at IS NOT NULL OR expires_at <= now())`, [studentId]);
}

/** Every expired session (the periodic sweep; backed by sessions_expires). */
export async function deleteExpiredSessions(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM sessions WHERE expires_at <= now()`);
}

/** A staff member's session; same token form, hashing and lifetime as a student's. */
export async function createStaffSession(db: Queryable, staffId: number, ttlHours: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO sessions (token_hash, staff_id, expires_at) VALUES ($1, $2, now() + make_interval(hours => $3))`,
    [hashToken(token), staffId, ttlHours],
  );
  return token;
}

export interface SessionStaff {
  id: number;
  name: string;
  role: 'admin' | 'teacher';
}

/** The active staff member of a live session; a student's token, or a deactivated member's, is nobody's. */
export async function findSessionStaff(db: Queryable, token: string): Promise<SessionStaff | undefined> {
  const rows = await db.query<SessionStaff>(
    `SELECT staff.id, staff.name, staff.role FROM sessions JOIN staff ON staff.id = sessions.staff_id
      WHERE sessions.token_hash = $1 AND sessions.revoked_at IS NULL AND sessions.expires_at > now() AND staff.active`,
    [hashToken(token)],
  );
  return rows[0];
}

/** Ends every session of a staff member at once (deactivation). */
export async function revokeStaffSessions(db: Queryable, staffId: number): Promise<void> {
  await db.query(`UPDATE sessions SET revoked_at = now() WHERE staff_id = $1 AND revoked_at IS NULL`, [staffId]);
}

/** A staff member's expired or revoked sessions, dropped when they sign in again. */
export async function deleteDeadStaffSessions(db: Queryable, staffId: number): Promise<void> {
  await db.query(`DELETE FROM sessions WHERE staff_id = $1 AND (revoked_at IS NOT NULL OR expires_at <= now())`, [staffId]);
}
