/**
 * A backup archive (.tar.gz), in this order, so a restore reads it in one pass:
 * - manifest.json: what wrote it (migrations, tables parents first);
 * - database/<table>/<n>.ndjson: the rows, one JSON object a line (PostgreSQL's row_to_json), in batches of
 *   ROWS_PER_ENTRY, so neither side ever holds a table;
 * - rows.json: how many rows each table had, written last, so a restore knows it read every one;
 * - media/ and materials/: the folders as they are.
 * Version 1 (before decision 052) had database/<table>.json, the whole table as one JSON array; restore still reads it.
 */
export interface Manifest {
  format: 'portal-backup';
  version: 1 | 2;
  createdAt: string;
  database: 'pglite' | 'postgres';
  migrations: string[];
  /** Version 2: names, parents first. Version 1: with its row count. */
  tables: { name: string; rows?: number }[];
}

export interface TableRows {
  name: string;
  rows: number;
}

/** What a backup or a restore did, for the person who asked. */
export interface BackupSummary {
  createdAt: string;
  tables: TableRows[];
}

export const ROWS_PER_ENTRY = 5000;

/**
 * Sign-in state that a backup leaves out and a restore never brings back: sessions (everyone signs in again, and an
 * archive holds no live token) and codes sent by SMS, which expire in minutes anyway.
 */
export const SIGN_IN_STATE = new Set(['sessions', 'otp_challenges']);

export const MANIFEST = 'manifest.json';
export const ROW_COUNTS = 'rows.json';
export const FOLDERS = ['media', 'materials'] as const;

export const rowsEntry = (table: string, n: number) => `database/${table}/${String(n).padStart(6, '0')}.ndjson`;

/** The table an entry holds rows of: database/<table>/<n>.ndjson (version 2) or database/<table>.json (version 1). */
export function tableOfEntry(path: string): { table: string; version: 1 | 2 } | undefined {
  const v2 = /^database\/([^/]+)\/\d+\.ndjson$/.exec(path);
  if (v2?.[1]) return { table: v2[1], version: 2 };
  const v1 = /^database\/([^/]+)\.json$/.exec(path);
  return v1?.[1] ? { table: v1[1], version: 1 } : undefined;
}
