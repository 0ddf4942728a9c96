import type { Database, Queryable } from '../src/db/database.ts';

/** A database that remembers each distinct statement it ran, with the parameters of its first run. */
export function recording(inner: Database) {
  const seen = new Map<string, readonly unknown[]>();
  const remember = (sql: string, params?: readonly unknown[]) => {
    if (!seen.has(sql)) seen.set(sql, params ?? []);
  };
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      remember(sql, params);
      return q.query(sql, params);
    },
  });
  const db: Database = {
    kind: inner.kind,
    ...wrap(inner),
    transaction: (work) => inner.transaction((tx) => work(wrap(tx))),
    close: () => inner.close(),
  };
  return { db, statements: () => [...seen], clear: () => seen.clear() };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const LARGE = 1000;

/** Explains each read; marks a sequential scan of a table with more than 1000 rows. */
export async function explainAll(db: Database, statements: [string, readonly unknown[]][]) {
  const sizes = new Map(
    (
      await db.query<{ relname: string; n: number }>(`SELECT relname, n_live_tup::int AS n FROM pg_stat_user_tables`)
    ).map((r) => [r.relname, r.n]),
  );
  const lines: string[] = [];
  for (const [sql, params] of statements) {
    if (!/^\s*(SELECT|WITH)/i.test(sql) || /pg_stat|SELECT 1\b/.test(sql)) continue;
    const [row] = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
    const scans: string[] = [];
    const walk = (node: PlanNode) => {
      if (node['Relation Name']) {
        const size = sizes.get(node['Relation Name']) ?? 0;
        const flag = node['Node Type'] === 'Seq Scan' && size > LARGE ? ' ⚠ SEQ SCAN OF A LARGE TABLE' : '';
        scans.push(
          `${node['Node Type']} ${node['Relation Name']}${node['Index Name'] ? ` (${node['Index Name']})` : ''} [${size} rows]${flag}`,
        );
      }
      node.Plans?.forEach(walk);
    };
    if (row) walk(row['QUERY PLAN'][0].Plan);
    lines.push(`- ${sql.replace(/\s+/g, ' ').slice(0, 110)}…\n    ${scans.join('; ')}`);
  }
  return lines;
}
