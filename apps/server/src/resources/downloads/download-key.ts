import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';

/**
 * The student's key for downloads (docs/decisions/077): HMAC-SHA-256 of the server's secret over the student and
 * their random salt (migration 114, made on first need). The same on every call and every instance; stored nowhere.
 */
export async function downloadKeyOf(db: Queryable, secret: string, studentId: number) {
  const salt = await saltOf(db, studentId);
  const key = createHmac('sha256', secret).update(`download-key|${studentId}|${salt}`).digest();
  // Names the key without giving it: a device tells by it whether the key it keeps is still the student's.
  const keyId = createHash('sha256').update(key).digest('base64url').slice(0, 12);
  return { key: key.toString('base64url'), key_id: keyId };
}

async function saltOf(db: Queryable, studentId: number): Promise<string> {
  const read = async () =>
    (await db.query<{ salt: string }>('SELECT salt FROM download_keys WHERE student_id = $1', [studentId]))[0]?.salt;
  const stored = await read();
  if (stored) return stored;
  // Two first calls at once: the first salt stored wins, and both read that one back.
  await db.query('INSERT INTO download_keys (student_id, salt) VALUES ($1, $2) ON CONFLICT (student_id) DO NOTHING', [
    studentId,
    randomBytes(24).toString('base64url'),
  ]);
  return (await read())!;
}
