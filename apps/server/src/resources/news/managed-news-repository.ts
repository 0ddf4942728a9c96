import type { ManagedNews } from '@portal/contract/console';
import type { Queryable } from '../../db/database.ts';

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const columns = `id, heading, body, image, ${iso('published_at')} AS published_at,
  CASE WHEN published_at IS NULL THEN 'draft' WHEN published_at > now() THEN 'scheduled' ELSE 'published' END AS status,
  ${iso('updated_at')} AS updated_at`;

/** Items not deleted, the most recently changed first; the newsroom of a small institute stays well under 100 live items. */
export function listManagedNews(db: Queryable): Promise<ManagedNews[]> {
  return db.query<ManagedNews>(
    `SELECT ${columns} FROM news WHERE deleted_at IS NULL ORDER BY updated_at DESC, id DESC LIMIT 100`,
  );
}

export async function findManagedNews(db: Queryable, id: number): Promise<ManagedNews | undefined> {
  const [row] = await db.query<ManagedNews>(
    `SELECT ${columns} FROM news WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
    [id],
  );
  return row;
}

export async function insertNews(
  db: Queryable,
  item: { heading: string; body: string; image: string },
): Promise<ManagedNews> {
  const [row] = await db.query<ManagedNews>(
    `INSERT INTO news (heading, body, image, published_at) VALUES ($1, $2, $3, NULL) RETURNING ${columns}`,
    [item.heading, item.body, item.image],
  );
  return row!;
}

export async function updateNews(
  db: Queryable,
  id: number,
  item: { heading: string; body: string; image: string },
): Promise<ManagedNews> {
  const [row] = await db.query<ManagedNews>(
    `UPDATE news SET heading = $2, body = $3, image = $4, updated_at = now() WHERE id = $1 RETURNING ${columns}`,
    [id, item.heading, item.body, item.image],
  );
  return row!;
}

/** `at`: an ISO time, 'now', or null for back to draft. */
export async function setPublished(db: Queryable, id: number, at: string | null | 'now'): Promise<ManagedNews> {
  const [row] = await db.query<ManagedNews>(
    `UPDATE news SET published_at = CASE WHEN $2::text = 'now' THEN now() ELSE $2::timestamptz END, updated_at = now()
      WHERE id = $1 RETURNING ${columns}`,
    [id, at],
  );
  return row!;
}

export async function softDeleteNews(db: Queryable, id: number) {
  await db.query('UPDATE news SET deleted_at = now(), updated_at = now() WHERE id = $1', [id]);
}
