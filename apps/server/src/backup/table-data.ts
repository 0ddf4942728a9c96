import type { Queryable } from '../db/database.ts';

/** Tables of the portal's schema, parents before children (foreign keys), without schema_migrations. */
export async function tablesInOrder(db: Queryable): Promise<string[]> {
  const tables = (
    await db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c
        WHERE c.relkind IN ('r', 'p') AND c.relnamespace = current_schema()::regnamespace AND c.relname <> 'schema_migrations'
        ORDER BY c.relname`,
    )
  ).map((t) => t.name);
  const edges = await db.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
      WHERE k.contype = 'f' AND c.relnamespace = current_schema()::regnamespace AND c.relname <> p.relname`,
  );
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const edge of edges) if (edge.child === table) visit(edge.parent, path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every row of a table as JSON text (PostgreSQL's own encoding of each type, so a restore reads it back exactly). */
export async function tableRows(db: Queryable, table: string): Promise<string> {
  const [row] = await db.query<{ rows: string }>(`SELECT coalesce(json_agg(t), '[]')::text AS rows FROM ${quote(table)} t`);
  return row?.rows ?? '[]';
}

/** Inserts rows saved by tableRows; only the columns the backup has (a later migration's columns keep their defaults). */
export async function insertRows(db: Queryable, table: string, rowsJson: string): Promise<number> {
  const rows = JSON.parse(rowsJson) as Record<string, unknown>[];
  if (!rows.length) return 0;
  const present = new Set(rows.flatMap((r) => Object.keys(r)));
  const columns = (
    await db.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
      [table],
    )
  )
    .map((c) => c.name)
    .filter((c) => present.has(c));
  const list = columns.map(quote).join(', ');
  const identity = await db.query(
    `SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND identity_generation = 'ALWAYS'`,
    [table],
  );
  await db.query(
    `INSERT INTO ${quote(table)} (${list}) ${identity.length ? 'OVERRIDING SYSTEM VALUE' : ''}
     SELECT ${list} FROM json_populate_recordset(null::${quote(table)}, $1::json)`,
    [rowsJson],
  );
  return rows.length;
}

/** Moves every sequence behind the restored ids, so new rows do not collide with them. */
export async function resetSequences(db: Queryable, table: string): Promise<void> {
  const columns = await db.query<{ name: string; sequence: string }>(
    `SELECT column_name AS name, pg_get_serial_sequence(quote_ident(table_name), column_name) AS sequence
       FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 AND pg_get_serial_sequence(quote_ident(table_name), column_name) IS NOT NULL`,
    [table],
  );
  for (const column of columns) {
    await db.query(
      `SELECT setval($1, coalesce((SELECT max(${quote(column.name)}) FROM ${quote(table)}), 0) + 1, false)`,
      [column.sequence],
    );
  }
}

export async function appliedMigrationNames(db: Queryable): Promise<string[]> {
  return (await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((r) => r.name);
}
