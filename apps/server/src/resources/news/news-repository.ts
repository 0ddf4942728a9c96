import type { NewsItem } from '@portal/contract';
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../http/api-error.ts';

// News is for every student alike: published items only (not drafts, not deleted). The HTML is stored sanitised
// (sanitize-news.ts), and the student app sanitises it again when it renders.
const columns = `id, heading, image AS images, body AS news,
  to_char(published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS published_at`;

export const NEWS_LIST_LIMIT = 50;

/** The newest first; news published in the future is not shown until its time. */
export function listNews(db: Queryable): Promise<NewsItem[]> {
  return db.query<NewsItem>(
    `SELECT ${columns} FROM news
      WHERE published_at <= now() AND deleted_at IS NULL
      ORDER BY news.published_at DESC, news.id DESC
      LIMIT ${NEWS_LIST_LIMIT}`,
  );
}

export async function findNews(db: Queryable, id: number): Promise<NewsItem> {
  const [row] = await db.query<NewsItem>(
    `SELECT ${columns} FROM news WHERE id = $1 AND published_at <= now() AND deleted_at IS NULL`,
    [id],
  );
  if (!row) throw notFound('That news item');
  return row;
}
