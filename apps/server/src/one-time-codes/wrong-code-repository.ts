import type { Queryable } from '../db/database.ts';
import {
  ADDRESS_WRONG_WINDOW_SECONDS,
  FAILURE_WINDOW_SECONDS,
  LOCK_WINDOW_SECONDS,
  MAX_WRONG_CODES_PER_NUMBER_PER_YEAR,
} from './limits.ts';

/** What the wrong-code limits see for one number asked from one address. */
export interface WrongCodes {
  /** Locked until staff lift it (MAX_WRONG_CODES_PER_NUMBER_PER_YEAR reached). */
  locked: boolean;
  /** Wrong codes for the number in the lock's window (a year, or since staff last lifted the lock). */
  year: number;
  /** Wrong codes for the number from this address since its last sign-in, in the last hour; seconds until the oldest leaves. */
  here: number;
  hereFreeIn: number;
  /** Wrong codes from this address (any number) in the last day; seconds until the oldest leaves. */
  address: number;
  addressFreeIn: number;
}

export async function wrongCodes(db: Queryable, phone: string, clientIp: string): Promise<WrongCodes> {
  const [row] = await db.query<WrongCodes>(
    `WITH lock AS (
       SELECT greatest(now() - make_interval(secs => $3), coalesce(max(unlocked_at), '-infinity')) AS counts_from,
              coalesce(bool_or(unlocked_at IS NULL), false) AS locked
         FROM number_locks WHERE phone = $1
     ), signed_in AS (
       SELECT coalesce(max(consumed_at), '-infinity') AS since FROM otp_challenges WHERE phone = $1 AND consumed_at IS NOT NULL
     ), here AS (
       SELECT wrong_codes.at FROM wrong_codes, signed_in
        WHERE phone = $1 AND client_ip = $2 AND wrong_codes.at > greatest(signed_in.since, now() - make_interval(secs => $4))
     ), address AS (
       SELECT at FROM wrong_codes WHERE client_ip = $2 AND at > now() - make_interval(secs => $5)
     )
     SELECT (SELECT locked FROM lock) AS "locked",
            (SELECT count(*)::int FROM wrong_codes, lock WHERE phone = $1 AND at > lock.counts_from) AS "year",
            (SELECT count(*)::int FROM here) AS "here",
            (SELECT coalesce(ceil(extract(epoch FROM min(at) + make_interval(secs => $4) - now())), 0)::int FROM here) AS "hereFreeIn",
            (SELECT count(*)::int FROM address) AS "address",
            (SELECT coalesce(ceil(extract(epoch FROM min(at) + make_interval(secs => $5) - now())), 0)::int FROM address) AS "addressFreeIn"`,
    [phone, clientIp, LOCK_WINDOW_SECONDS, FAILURE_WINDOW_SECONDS, ADDRESS_WRONG_WINDOW_SECONDS],
  );
  if (!row) throw new Error('wrong-code counts not read');
  return row;
}

/**
 * Counts a wrong code before the comparison (forgiven if the code proves right), so parallel guesses cannot pass the
 * caps; locks the number when this one reaches the yearly cap. Answers the row's id.
 */
export async function countWrongCode(
  tx: Queryable,
  phone: string,
  clientIp: string,
  yearBefore: number,
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    'INSERT INTO wrong_codes (phone, client_ip) VALUES ($1, $2) RETURNING id',
    [phone, clientIp],
  );
  if (!row) throw new Error('wrong code not counted');
  if (yearBefore + 1 >= MAX_WRONG_CODES_PER_NUMBER_PER_YEAR) {
    await tx.query(
      `INSERT INTO number_locks (phone, locked_at) VALUES ($1, now())
       ON CONFLICT (phone) DO UPDATE SET locked_at = now(), unlocked_at = NULL`,
      [phone],
    );
  }
  return row.id;
}

export async function forgiveWrongCode(db: Queryable, id: number) {
  await db.query('DELETE FROM wrong_codes WHERE id = $1', [id]);
}

export interface LockedNumber {
  phone: string;
  locked_at: Date;
}

/** Numbers locked now, newest first. */
export async function lockedNumbers(db: Queryable, limit: number): Promise<LockedNumber[]> {
  return db.query<LockedNumber>(
    'SELECT phone, locked_at FROM number_locks WHERE unlocked_at IS NULL ORDER BY locked_at DESC LIMIT $1',
    [limit],
  );
}

/** Lifts a number's lock (its wrong codes so far stop counting); answers whether it was locked. */
export async function unlockNumber(tx: Queryable, phone: string): Promise<boolean> {
  const rows = await tx.query(
    'UPDATE number_locks SET unlocked_at = now() WHERE phone = $1 AND unlocked_at IS NULL RETURNING phone',
    [phone],
  );
  return rows.length === 1;
}

/** Drops wrong codes too old to count for any limit. */
export async function deleteOldWrongCodes(db: Queryable) {
  await db.query('DELETE FROM wrong_codes WHERE at < now() - make_interval(secs => $1)', [LOCK_WINDOW_SECONDS]);
}
