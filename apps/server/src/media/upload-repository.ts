import type { Queryable } from '../db/database.ts';

/** Keeps an upload's own file name beside its stored address (migration 095); the newest upload of a file names it. */
export async function rememberOriginalName(db: Queryable, address: string, originalName: string) {
  await db.query(
    `INSERT INTO media_names (address, original_name) VALUES ($1, $2)
       ON CONFLICT (address) DO UPDATE SET original_name = EXCLUDED.original_name, uploaded_at = now()`,
    [address, originalName],
  );
}

/** What an upload found when it checked a file on the way in: its size and whether a PDF asks for a password. */
export interface UploadVerdict {
  bytes: number;
  passwordProtected: boolean;
}

/**
 * The verdict the newest upload of `address` recorded, from its audit entry (upload-route.ts writes the answer there),
 * or undefined for a file no upload recorded (put there by hand or by a content pack).
 */
export async function findUploadVerdict(db: Queryable, address: string): Promise<UploadVerdict | undefined> {
  const [row] = await db.query<{ bytes: string | null; password_protected: boolean | null }>(
    `SELECT after->>'bytes' AS bytes, (after->>'password_protected')::boolean AS password_protected
       FROM audit_log WHERE entity = 'media' AND entity_id = $1 AND action = 'media.upload'
      ORDER BY at DESC, id DESC LIMIT 1`,
    [address],
  );
  if (!row || row.bytes === null || row.password_protected === null) return undefined;
  return { bytes: Number(row.bytes), passwordProtected: row.password_protected };
}

/** The addresses uploaded since `since`: their files may be waiting for the save that refers to them. */
export async function addressesUploadedSince(db: Queryable, since: Date): Promise<Set<string>> {
  const rows = await db.query<{ address: string }>(
    `SELECT DISTINCT entity_id AS address FROM audit_log
      WHERE action = 'media.upload' AND at >= $1 AND entity_id IS NOT NULL
     UNION SELECT address FROM media_names WHERE uploaded_at >= $1`,
    [since.toISOString()],
  );
  return new Set(rows.map((row) => row.address));
}
