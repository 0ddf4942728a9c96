import { hash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { sessionCacheOf } from './session-cache.ts';

// One call, no Hash object: this runs on every signed-in request (0.5-0.9 us against 1.4-2.3 us, docs/decisions/030).
export const hashToken = (token: string) => hash('sha256', token, 'hex');

/** Starts a session; the token (256 random bits) is returned once and only its hash is stored. */
export async function createSession(db: Queryable, studentId: number, ttlHours: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO sessions (token_hash, student_id, expires_at) VALUES ($1, $2, now() + make_interval(hours => $3))`,
    [hashToken(token), studentId, ttlHours],
  );
  return token;
}

/**
 * The student of the live session whose token hashes to `tokenHash` (a signed media link carries the hash); a staff
 * member's token is no student's. From the session cache when it remembers the token (docs/decisions/030), else from
 * the database.
 */
export async function findSessionStudentByHash(db: Queryable, tokenHash: string): Promise<number | undefined> {
  const cache = sessionCacheOf(db);
  const cached = cache?.get(tokenHash);
  if (cached !== undefined) return cached;
  const ticket = cache?.ticket() ?? 0;
  const [row] = await db.query<{ student_id: number; expires_ms: number }>(
    `SELECT student_id, (extract(epoch FROM expires_at) * 1000)::float8 AS expires_ms FROM sessions
      WHERE token_hash = $1 AND student_id IS NOT NULL AND revoked_at IS NULL AND expires_at > now()`,
    [tokenHash],
  );
  if (row) cache?.remember(ticket, tokenHash, row.student_id, row.expires_ms);
  return row?.student_id;
}

/**
 * The student of the live session whose token hashes to `tokenHash`, if they are enrolled in the subject (what a
 * signed video link checks, docs/decisions/048): from the session cache when it remembers both, else in one read.
 */
export async function findSessionStudentReaching(
  db: Queryable,
  tokenHash: string,
  subjectId: number,
): Promise<number | undefined> {
  const cache = sessionCacheOf(db);
  const cached = cache?.getReaching(tokenHash, subjectId);
  if (cached !== undefined) return cached;
  const ticket = cache?.ticket() ?? 0;
  const [row] = await db.query<{ student_id: number; expires_ms: number; enrolled: boolean }>(
    `SELECT s.student_id, (extract(epoch FROM s.expires_at) * 1000)::float8 AS expires_ms,
            EXISTS (SELECT 1 FROM reachable_subjects r WHERE r.student_id = s.student_id AND r.subject_id = $2) AS enrolled
       FROM sessions s
      WHERE s.token_hash = $1 AND s.student_id IS NOT NULL AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [tokenHash, subjectId],
  );
  if (!row) return undefined;
  cache?.remember(ticket, tokenHash, row.student_id, row.expires_ms, row.enrolled ? subjectId : undefined);
  return row.enrolled ? row.student_id : undefined;
}

/** Whether a (no longer live) token was a session of a student staff have since deactivated. */
export async function isDeactivatedStudentSession(db: Queryable, token: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM sessions s JOIN students st ON st.id = s.student_id WHERE s.token_hash = $1 AND NOT st.active`,
    [hashToken(token)],
  );
  return rows.length > 0;
}

/** Ends a session; this instance forgets it before answering, the others on the database's notice (migration 060). */
export async function revokeSession(db: Queryable, token: string): Promise<void> {
  const tokenHash = hashToken(token);
  await db.query(`UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL`, [tokenHash]);
  sessionCacheOf(db)?.forgetToken(tokenHash);
}

/** For code that ends a student's sessions or changes the student by other SQL: forget them here at once. */
export function forgetStudentSessions(db: Queryable, studentId: number) {
  sessionCacheOf(db)?.forgetStudent(studentId);
}

/** A student's expired or revoked sessions, dropped when they sign in again. */
export async function deleteDeadSessions(db: Queryable, studentId: number): Promise<void> {
  await db.query(`DELETE FROM sessions WHERE student_id = $1 AND (revoked_at IS NOT NULL OR expires_at <= now())`, [
    studentId,
  ]);
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

/**
 * The active staff member of a live session, used within the last `idleHours`; a student's token, or a deactivated
 * member's, is nobody's. A use moves the session's last use on, at most once a minute.
 */
export async function findSessionStaff(
  db: Queryable,
  token: string,
  idleHours: number,
): Promise<SessionStaff | undefined> {
  const tokenHash = hashToken(token);
  const [row] = await db.query<SessionStaff & { stale: boolean }>(
    `SELECT staff.id, staff.name, staff.role, sessions.last_used_at < now() - interval '1 minute' AS stale
       FROM sessions JOIN staff ON staff.id = sessions.staff_id
      WHERE sessions.token_hash = $1 AND sessions.revoked_at IS NULL AND sessions.expires_at > now() AND staff.active
        AND sessions.last_used_at > now() - make_interval(hours => $2)`,
    [tokenHash, idleHours],
  );
  if (!row) return undefined;
  if (row.stale) await db.query(`UPDATE sessions SET last_used_at = now() WHERE token_hash = $1`, [tokenHash]);
  return { id: row.id, name: row.name, role: row.role };
}

/** Ends every session of a staff member at once (deactivation). */
export async function revokeStaffSessions(db: Queryable, staffId: number): Promise<void> {
  await db.query(`UPDATE sessions SET revoked_at = now() WHERE staff_id = $1 AND revoked_at IS NULL`, [staffId]);
}

/** A staff member's expired or revoked sessions, dropped when they sign in again. */
export async function deleteDeadStaffSessions(db: Queryable, staffId: number): Promise<void> {
  await db.query(`DELETE FROM sessions WHERE staff_id = $1 AND (revoked_at IS NOT NULL OR expires_at <= now())`, [
    staffId,
  ]);
}
