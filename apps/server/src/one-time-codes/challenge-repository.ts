import type { Queryable } from '../db/database.ts';
import { CHALLENGE_RETENTION_SECONDS, CODE_TTL_SECONDS, SEND_WINDOW_SECONDS } from './limits.ts';

/**
 * Codes sent to one number since its last successful sign-in, in the send window: from everywhere, and from one address
 * (both leaving out the codes asked from known devices), and from one known device.
 */
export interface NumberSends {
  sends: number;
  /** Seconds until the oldest counted send leaves the window. */
  sendsFreeIn: number;
  sendsHere: number;
  sendsHereFreeIn: number;
  sendsFromDevice: number;
  sendsFromDeviceFreeIn: number;
}

export async function numberSends(
  db: Queryable,
  phone: string,
  clientIp: string,
  device: string | null,
): Promise<NumberSends> {
  const [row] = await db.query<NumberSends>(
    `WITH recent AS (
       SELECT created_at, client_ip, consumed_at, device_hash FROM otp_challenges
        WHERE phone = $1 AND created_at > now() - make_interval(secs => $3) AND NOT undelivered
     ), since AS (
       SELECT coalesce(max(created_at), '-infinity'::timestamptz) AS at FROM recent WHERE consumed_at IS NOT NULL
     ), counted AS (
       SELECT created_at, client_ip, device_hash FROM recent, since WHERE recent.created_at > since.at
     )
     SELECT count(*) FILTER (WHERE device_hash IS NULL)::int AS "sends",
            ${freeIn('device_hash IS NULL')} AS "sendsFreeIn",
            count(*) FILTER (WHERE device_hash IS NULL AND client_ip = $2)::int AS "sendsHere",
            ${freeIn('device_hash IS NULL AND client_ip = $2')} AS "sendsHereFreeIn",
            count(*) FILTER (WHERE device_hash = $4::text)::int AS "sendsFromDevice",
            ${freeIn('device_hash = $4::text')} AS "sendsFromDeviceFreeIn"
       FROM counted`,
    [phone, clientIp, SEND_WINDOW_SECONDS, device],
  );
  return (
    row ?? { sends: 0, sendsFreeIn: 0, sendsHere: 0, sendsHereFreeIn: 0, sendsFromDevice: 0, sendsFromDeviceFreeIn: 0 }
  );
}

/** Seconds until the oldest of the counted sends that match `filter` leaves the window ($3). */
const freeIn = (filter: string) =>
  `coalesce(ceil(extract(epoch FROM min(created_at) FILTER (WHERE ${filter}) + make_interval(secs => $3) - now())), 0)::int`;

/** Codes sent from one client address in the window that did not lead to a sign-in (known devices' codes aside). */
export async function addressActivity(db: Queryable, clientIp: string): Promise<{ sends: number; freeIn: number }> {
  const [row] = await db.query<{ sends: number; freeIn: number }>(
    `SELECT count(*)::int AS "sends",
            coalesce(ceil(extract(epoch FROM min(created_at) + make_interval(secs => $2) - now())), 0)::int AS "freeIn"
       FROM otp_challenges
      WHERE client_ip = $1 AND created_at > now() - make_interval(secs => $2) AND consumed_at IS NULL AND NOT undelivered
        AND device_hash IS NULL`,
    [clientIp, SEND_WINDOW_SECONDS],
  );
  return row ?? { sends: 0, freeIn: 0 };
}

/** Serialises what concerns one number (its sends, code checks, becoming a student) until the transaction ends. */
export async function lockNumber(tx: Queryable, phone: string) {
  await tx.query('SELECT pg_advisory_xact_lock(1, hashtext($1))', [phone]);
}

/**
 * Serialises sends and code checks for one number and one address until the transaction ends (always in that
 * order), so parallel requests cannot overrun the caps of either.
 */
export async function lockNumberAndAddress(tx: Queryable, phone: string, clientIp: string) {
  await lockNumber(tx, phone);
  await tx.query('SELECT pg_advisory_xact_lock(2, hashtext($1))', [clientIp]);
}

/** Seconds since the newest code for a number asked from an address was created (the resend cool-down runs from it), or null. */
export async function latestSendAge(db: Queryable, phone: string, clientIp: string): Promise<number | null> {
  const [row] = await db.query<{ age: number | null }>(
    `SELECT floor(extract(epoch FROM now() - max(created_at)))::int AS "age" FROM otp_challenges WHERE phone = $1 AND client_ip = $2 AND NOT undelivered`,
    [phone, clientIp],
  );
  return row?.age ?? null;
}

/**
 * What a code is for: signing in a student (the portal) or a staff member (the console), or proving the
 * number of a registration request. A code works only for its own audience.
 */
export type Audience = 'student' | 'staff' | 'registration';

export interface NewChallenge {
  refHash: string;
  audience: Audience;
  /** The student, staff member or registration request the code is for; null for a number that is nobody's (no code is sent). */
  accountId: number | null;
  phone: string;
  clientIp: string;
  /** The known device the code was asked from, or null. */
  device: string | null;
  codeHash: string;
}

export async function insertChallenge(db: Queryable, c: NewChallenge): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO otp_challenges (ref_hash, audience, student_id, staff_id, registration_id, phone, client_ip, code_hash, expires_at, device_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(secs => $9), $10) RETURNING id`,
    [
      c.refHash,
      c.audience,
      c.audience === 'student' ? c.accountId : null,
      c.audience === 'staff' ? c.accountId : null,
      c.audience === 'registration' ? c.accountId : null,
      c.phone,
      c.clientIp,
      c.codeHash,
      CODE_TTL_SECONDS,
      c.device,
    ],
  );
  if (!row) throw new Error('otp challenge not stored');
  return row.id;
}

/**
 * A newer code replaces the pending ones asked for the number from the same address and the same known device (or
 * none); codes asked from elsewhere keep working, so a stranger, even behind the student's own address, cannot void
 * the code the student is typing on their known device.
 */
export async function expirePendingChallenges(db: Queryable, phone: string, clientIp: string, device: string | null) {
  await db.query(
    `UPDATE otp_challenges SET expires_at = now()
      WHERE phone = $1 AND client_ip = $2 AND device_hash IS NOT DISTINCT FROM $3::text AND consumed_at IS NULL AND expires_at > now()`,
    [phone, clientIp, device],
  );
}

/** A code the gateway did not take never reached anyone: it neither works nor counts, and its holder is told why. */
export async function markUndelivered(db: Queryable, id: number) {
  await db.query('UPDATE otp_challenges SET undelivered = true WHERE id = $1', [id]);
}

export interface ChallengeState {
  id: number;
  audience: Audience;
  accountId: number | null;
  phone: string;
  used: boolean;
  expired: boolean;
  /** The gateway did not take the text (markUndelivered). */
  undelivered: boolean;
  failures: number;
  /** Seconds since the code was sent. */
  age: number;
}

export async function findChallenge(db: Queryable, refHash: string): Promise<ChallengeState | undefined> {
  const rows = await db.query<ChallengeState>(
    `SELECT id, audience, coalesce(student_id, staff_id, registration_id) AS "accountId", phone, consumed_at IS NOT NULL AS "used", expires_at <= now() AS "expired",
            undelivered, failures, floor(extract(epoch FROM now() - created_at))::int AS "age"
       FROM otp_challenges WHERE ref_hash = $1`,
    [refHash],
  );
  return rows[0];
}

/**
 * Takes one try before comparing, counted as a failure until the code proves right, so parallel
 * guesses can never get more than `maxTries` comparisons. Answers the stored code hash, or nothing
 * when the code is used, expired or out of tries.
 */
export async function claimTry(
  db: Queryable,
  id: number,
  maxTries: number,
): Promise<{ failures: number; codeHash: string } | undefined> {
  const rows = await db.query<{ failures: number; codeHash: string }>(
    `UPDATE otp_challenges SET failures = failures + 1
      WHERE id = $1 AND consumed_at IS NULL AND expires_at > now() AND failures < $2 AND NOT undelivered
      RETURNING failures, code_hash AS "codeHash"`,
    [id, maxTries],
  );
  return rows[0];
}

/** Marks the code used, atomically: of two parallel correct submissions only one gets the row. */
export async function consumeChallenge(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE otp_challenges SET consumed_at = now(), failures = failures - 1
      WHERE id = $1 AND consumed_at IS NULL RETURNING id`,
    [id],
  );
  return rows.length === 1;
}

/** Drops challenges too old to count for any limit. */
export async function deleteOldChallenges(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM otp_challenges WHERE created_at < now() - make_interval(secs => $1)`, [
    CHALLENGE_RETENTION_SECONDS,
  ]);
}
