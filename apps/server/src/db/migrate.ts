import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database, Queryable } from './database.ts';
import { migrationsDir } from '../paths.ts';

/**
 * Serialises migrations (and demo seeding) across every instance on one schema. Advisory locks are the database's,
 * not the schema's: portals in other schemas of it (tests run one a file) migrate without waiting for this one.
 */
const LOCK_KEY = "hashtext('portal:migrate:' || current_schema())";
const LOCK_POLL_MS = 200;

/**
 * A migration whose first line is this runs outside a transaction, one statement after another: what
 * `CREATE INDEX CONCURRENTLY` needs, which builds an index while the old version goes on reading and writing the
 * table (docs/decisions/053).
 */
export const OUTSIDE_TRANSACTION = '-- migrate: outside a transaction';

async function migrationFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
}

async function appliedMigrations(db: Queryable): Promise<Set<string>> {
  const [table] = await db.query<{ name: string | null }>(`SELECT to_regclass('schema_migrations')::text AS name`);
  if (!table?.name) return new Set();
  return new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
}

/** Migrations on disk that the database has not applied (readiness fails while there are any). */
export async function pendingMigrations(db: Queryable): Promise<string[]> {
  const applied = await appliedMigrations(db);
  return (await migrationFiles(migrationsDir)).filter((name) => !applied.has(name));
}

/**
 * Applies every `NNN_name.sql` of `dir` not yet applied, in name order, each in its own transaction (or outside one,
 * see OUTSIDE_TRANSACTION), all under the migration lock, re-reading what is applied once it holds it: instances
 * started together on an empty database wait for each other instead of racing over the same tables.
 * No statement timeout: DB_STATEMENT_TIMEOUT_MS bounds a request's statements, and an index built on millions of rows,
 * or the wait for another instance building it, would be cancelled by it and the instance would crash-loop.
 */
export async function migrate(db: Database, dir = migrationsDir): Promise<string[]> {
  const applied: string[] = [];
  await holdingMigrationLock(db, async (session) => {
    await session.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = await appliedMigrations(session);
    for (const name of await migrationFiles(dir)) {
      if (done.has(name)) continue;
      const sql = await readFile(join(dir, name), 'utf8');
      const apply = async (on: Queryable) => {
        for (const statement of splitStatements(sql)) await on.query(statement);
        await on.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      };
      if (sql.startsWith(OUTSIDE_TRANSACTION)) await apply(session);
      else await inTransaction(db, apply);
      applied.push(name);
    }
  });
  return applied;
}

/** Runs `work` in a transaction while holding the migration lock (demo seeding: one instance fills, the others see it filled). */
export function underMigrationLock<T>(db: Database, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return holdingMigrationLock(db, () => inTransaction(db, work));
}

function inTransaction<T>(db: Database, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SET LOCAL statement_timeout = 0');
    return work(tx);
  });
}

/**
 * Runs `work` while this process holds the migration lock, on the connection that holds it, outside a transaction (the
 * embedded database has one connection only: there `query` is that connection already).
 * The lock is asked for until it is free rather than waited for inside one statement, and never inside a transaction:
 * either keeps a snapshot open, and CREATE INDEX CONCURRENTLY, run by the instance holding the lock, waits for every
 * older snapshot to end, so the two would wait for each other.
 */
async function holdingMigrationLock<T>(db: Database, work: (session: Queryable) => Promise<T>): Promise<T> {
  const session = db.session?.bind(db) ?? ((run: (on: Queryable) => Promise<T>) => run(db));
  return session(async (on) => {
    await on.query('SET statement_timeout = 0');
    for (;;) {
      const [got] = await on.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${LOCK_KEY}) AS locked`);
      if (got?.locked) break;
      await sleep(LOCK_POLL_MS);
    }
    try {
      return await work(on);
    } finally {
      await on.query(`SELECT pg_advisory_unlock(${LOCK_KEY})`);
      await on.query('RESET statement_timeout');
    }
  });
}

/**
 * Splits on semicolons at line ends; migrations keep one statement per such semicolon. A function body between `$$`
 * lines keeps its own semicolons: a part whose `$$` are unbalanced runs on into the next.
 */
function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let pending = '';
  for (const part of sql.split(/;\s*$/m)) {
    pending = pending ? `${pending};${part}` : part;
    if ((pending.match(/\$\$/g)?.length ?? 0) % 2 === 0) {
      statements.push(pending);
      pending = '';
    }
  }
  if (pending) statements.push(pending);
  return statements.map((s) => s.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean);
}
