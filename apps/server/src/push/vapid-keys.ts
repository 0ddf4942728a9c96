import webpush from 'web-push';
import type { Queryable } from '../db/database.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID key pair, made on first need and kept in the database (push_keys, migration 111): instances that
 * start together both try to store theirs, the first one stored wins, and both read that one back.
 */
export async function loadVapidKeys(db: Queryable): Promise<VapidKeys> {
  const stored = await readKeys(db);
  if (stored) return stored;
  const made = webpush.generateVAPIDKeys();
  await db.query('INSERT INTO push_keys (public_key, private_key) VALUES ($1, $2) ON CONFLICT (one) DO NOTHING', [
    made.publicKey,
    made.privateKey,
  ]);
  return (await readKeys(db))!;
}

async function readKeys(db: Queryable): Promise<VapidKeys | undefined> {
  const [row] = await db.query<VapidKeys>(
    'SELECT public_key AS "publicKey", private_key AS "privateKey" FROM push_keys',
  );
  return row;
}
