import type { Queryable } from '../db/database.ts';

export interface PushSubscriptionRow {
  endpoint: string;
  p256dh: string;
  auth: string;
  student_id: number;
  language: 'en' | 'hi';
}

/**
 * Saves a device's subscription for the student of the session whose token hashes to `tokenHash`. An address already
 * saved (the device signed in as someone else, or subscribed again) moves to this student and session.
 */
export async function saveSubscription(
  db: Queryable,
  studentId: number,
  tokenHash: string,
  subscription: { endpoint: string; p256dh: string; auth: string; language: 'en' | 'hi' },
): Promise<void> {
  await db.query(
    `INSERT INTO push_subscriptions (endpoint, p256dh, auth, language, student_id, session_id)
     SELECT $1, $2, $3, $4, student_id, id FROM sessions WHERE token_hash = $5 AND student_id = $6
     ON CONFLICT (endpoint) DO UPDATE SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
       language = EXCLUDED.language, student_id = EXCLUDED.student_id, session_id = EXCLUDED.session_id`,
    [subscription.endpoint, subscription.p256dh, subscription.auth, subscription.language, tokenHash, studentId],
  );
}

/** Removes the student's own subscription at that address; another student's stays. */
export async function removeSubscription(db: Queryable, studentId: number, endpoint: string): Promise<void> {
  await db.query('DELETE FROM push_subscriptions WHERE endpoint = $1 AND student_id = $2', [endpoint, studentId]);
}

/** A subscription the push service said is gone (404, 410): nobody will receive through it again. */
export async function forgetSubscription(db: Queryable, endpoint: string): Promise<void> {
  await db.query('DELETE FROM push_subscriptions WHERE endpoint = $1', [endpoint]);
}

/** The devices of these students whose session is still live (a session ended by time is swept later). */
export function subscriptionsOf(db: Queryable, studentIds: readonly number[]): Promise<PushSubscriptionRow[]> {
  return db.query<PushSubscriptionRow>(
    `SELECT p.endpoint, p.p256dh, p.auth, p.student_id, p.language
       FROM push_subscriptions p JOIN sessions s ON s.id = p.session_id
      WHERE p.student_id = ANY($1::int[]) AND s.revoked_at IS NULL AND s.expires_at > now()
      ORDER BY p.id`,
    [studentIds],
  );
}

/** Every device whose session is live, of active students (a news notice is for everyone). */
export function everySubscription(db: Queryable): Promise<PushSubscriptionRow[]> {
  return db.query<PushSubscriptionRow>(
    `SELECT p.endpoint, p.p256dh, p.auth, p.student_id, p.language
       FROM push_subscriptions p JOIN sessions s ON s.id = p.session_id JOIN students st ON st.id = p.student_id
      WHERE s.revoked_at IS NULL AND s.expires_at > now() AND st.active
      ORDER BY p.id`,
  );
}
