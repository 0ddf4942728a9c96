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
  const parents = await parentsOf(db);
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const parent of parents.get(table) ?? []) visit(parent, path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Every row of a table, `batch` rows at a time, each as PostgreSQL's own JSON of it (row_to_json: what json_populate_recordset
 * reads back exactly). A cursor of the caller's transaction, so the rows are those of its snapshot and never all in memory.
 */
export async function* tableLines(tx: Queryable, table: string, batch: number): AsyncGenerator<string[]> {
  const cursor = quote(`backup_${table}`);
  await tx.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS line FROM ${quote(table)} t`);
  for (;;) {
    const rows = await tx.query<{ line: string }>(`FETCH ${batch} FROM ${cursor}`);
    if (rows.length) yield rows.map((row) => row.line);
    if (rows.length < batch) break;
  }
  await tx.query(`CLOSE ${cursor}`);
}

/** Columns a restore fills: those the backup has (a later migration's columns keep their defaults), never generated ones. */
export async function restorableColumns(db: Queryable, table: string, saved: Iterable<string>): Promise<string[]> {
  const present = new Set(saved);
  const columns = await db.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
    [table],
  );
  return columns.map((c) => c.name).filter((c) => present.has(c));
}

/** Inserts rows given as one JSON array's text (of row_to_json or json_agg), into `columns` of the table. */
export async function insertRows(db: Queryable, table: string, columns: string[], rowsJson: string): Promise<void> {
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
}

/** Parents of each table by its foreign keys (a table's reference to itself left out). */
export async function parentsOf(db: Queryable): Promise<Map<string, string[]>> {
  const edges = await db.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
      WHERE k.contype = 'f' AND c.relnamespace = current_schema()::regnamespace AND c.relname <> p.relname`,
  );
  const parents = new Map<string, string[]>();
  for (const { child, parent } of edges) parents.set(child, [...(parents.get(child) ?? []), parent]);
  return parents;
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
