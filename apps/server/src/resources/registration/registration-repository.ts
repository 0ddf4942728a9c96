import type { SignupBody } from '@portal/contract';
import type { Queryable } from '../../db/database.ts';

/** Unproved requests are kept this long (a code lives 5 minutes), then swept. */
const UNVERIFIED_RETENTION_SECONDS = 24 * 60 * 60;

/** A checked number: E.164 and its two parts, as `canonicalMobile` gives it and students store it. */
export interface CanonicalNumber {
  e164: string;
  callingCode: string;
  national: string;
}

export async function insertRequest(db: Queryable, form: SignupBody, number: CanonicalNumber): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO registration_requests (name, guardian, state, district, email, phone_code, mobile, phone, academic_level_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      form.name,
      form.guardian,
      form.state,
      form.district,
      form.email,
      number.callingCode,
      number.national,
      number.e164,
      form.academic_level,
    ],
  );
  if (!row) throw new Error('registration request not stored');
  return row.id;
}

export async function deleteRequest(db: Queryable, id: number) {
  await db.query('DELETE FROM registration_requests WHERE id = $1', [id]);
}

export async function findRequestPhone(db: Queryable, id: number): Promise<CanonicalNumber | undefined> {
  const rows = await db.query<CanonicalNumber>(
    `SELECT phone AS "e164", phone_code AS "callingCode", mobile AS "national" FROM registration_requests WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/**
 * The number is proved: the request waits for staff. Any other open request of the same number (an
 * earlier attempt, or one still waiting) gives way to it. False when the request is gone or already proved.
 */
export async function markProved(tx: Queryable, id: number, phone: string): Promise<boolean> {
  await tx.query(
    `DELETE FROM registration_requests WHERE phone = $1 AND id <> $2 AND status IN ('unverified', 'pending')`,
    [phone, id],
  );
  const rows = await tx.query(
    `UPDATE registration_requests SET status = 'pending', verified_at = now()
      WHERE id = $1 AND status = 'unverified' RETURNING id`,
    [id],
  );
  return rows.length === 1;
}

/** Drops requests whose number was never proved. */
export async function deleteUnverifiedRequests(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM registration_requests WHERE status = 'unverified' AND created_at < now() - make_interval(secs => $1)`,
    [UNVERIFIED_RETENTION_SECONDS],
  );
}

export interface PendingRequestRow {
  request_id: number;
  name: string;
  guardian: string;
  state: string;
  district: string;
  email: string;
  mobile: string;
  academic_level: string;
  requested_at: string;
}

const pendingColumns = `r.id AS "request_id", r.name, r.guardian, r.state, r.district, r.email, r.phone AS "mobile",
  l.name AS "academic_level", to_char(r.verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "requested_at"`;

/** Waiting requests, oldest first (at most `limit`), and how many wait in all. */
export async function listPendingRequests(
  db: Queryable,
  limit: number,
): Promise<{ requests: PendingRequestRow[]; pending: number }> {
  const requests = await db.query<PendingRequestRow>(
    `SELECT ${pendingColumns} FROM registration_requests r JOIN academic_levels l ON l.id = r.academic_level_id
      WHERE r.status = 'pending' ORDER BY r.verified_at, r.id LIMIT $1`,
    [limit],
  );
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM registration_requests WHERE status = 'pending'`,
  );
  return { requests, pending: count?.n ?? 0 };
}

export interface RequestForDecision extends PendingRequestRow {
  status: string;
  callingCode: string;
  national: string;
}

/** One request with its state, locked until the transaction ends so two decisions cannot both pass. */
export async function findRequestForDecision(tx: Queryable, id: number): Promise<RequestForDecision | undefined> {
  const rows = await tx.query<RequestForDecision>(
    `SELECT ${pendingColumns}, r.status, r.phone_code AS "callingCode", r.mobile AS "national"
       FROM registration_requests r JOIN academic_levels l ON l.id = r.academic_level_id
      WHERE r.id = $1 FOR UPDATE OF r`,
    [id],
  );
  return rows[0];
}

export async function markDecided(
  tx: Queryable,
  id: number,
  decision: { status: 'approved'; studentId: number } | { status: 'rejected'; reason: string },
) {
  await tx.query(
    `UPDATE registration_requests SET status = $2, student_id = $3, reason = $4, decided_at = now() WHERE id = $1`,
    [
      id,
      decision.status,
      decision.status === 'approved' ? decision.studentId : null,
      decision.status === 'rejected' ? decision.reason : null,
    ],
  );
}
