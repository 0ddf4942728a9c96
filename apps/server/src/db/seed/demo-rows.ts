import type { Queryable } from '../database.ts';

export type DemoKind = 'staff' | 'student' | 'subject' | 'news';

/** Records a row the seed created, so `demo remove` can tell it from anything the institute adds (decision 067). */
export async function markDemo(db: Queryable, kind: DemoKind, id: number) {
  await db.query('INSERT INTO demo_rows (kind, row_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [kind, id]);
}
