import type { Queryable } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';

export type Audience = { batch_id: number } | { student_ids: number[] };

export interface Recipient {
  student_id: number;
  name: string;
  /** E.164. */
  mobile: string;
}

const columns = `s.id AS student_id, s.name, '+' || s.phone_code || s.mobile AS mobile`;

/**
 * The active students a message goes to, by name: a batch's members who are enrolled in its subject (as the student
 * app reaches batches), or the chosen students. `leftOut`: chosen students who are deactivated or not found.
 */
export async function recipientsOf(db: Queryable, audience: Audience): Promise<{ list: Recipient[]; leftOut: number }> {
  if ('batch_id' in audience) {
    const [batch] = await db.query('SELECT 1 FROM batches WHERE id = $1', [audience.batch_id]);
    if (!batch) throw new ApiError(404, 'batch_id: there is no such batch (it may have been deleted).');
    const list = await db.query<Recipient>(
      `SELECT ${columns} FROM reachable_batches r JOIN students s ON s.id = r.student_id
        WHERE r.batch_id = $1 AND s.active ORDER BY s.name, s.id`,
      [audience.batch_id],
    );
    return { list, leftOut: 0 };
  }
  const chosen = [...new Set(audience.student_ids)];
  const list = await db.query<Recipient>(
    `SELECT ${columns} FROM students s WHERE s.id = ANY($1::int[]) AND s.active ORDER BY s.name, s.id`,
    [chosen],
  );
  return { list, leftOut: chosen.length - list.length };
}
