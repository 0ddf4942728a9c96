import type { Queryable } from '../../db/database.ts';

/** Keeps an upload's own file name beside its stored address (migration 095); the newest upload of a file names it. */
export async function rememberOriginalName(db: Queryable, address: string, originalName: string) {
  await db.query(
    `INSERT INTO media_names (address, original_name) VALUES ($1, $2)
       ON CONFLICT (address) DO UPDATE SET original_name = EXCLUDED.original_name, uploaded_at = now()`,
    [address, originalName],
  );
}
