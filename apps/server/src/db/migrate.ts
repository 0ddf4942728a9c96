import { readdir, readFile } from 'node:fs/promises';
import type { Database, Queryable } from './database.ts';
import { migrationsDir } from '../paths.ts';

/** Serialises migrations (and demo seeding) across every instance on one database. */
const MIGRATION_LOCK = "pg_advisory_xact_lock(hashtext('portal:migrate'))";

async function migrationFiles(): Promise<string[]> {
  return (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
}

async function appliedMigrations(db: Queryable): Promise<Set<string>> {
  const [table] = await db.query<{ name: string | null }>(`SELECT to_regclass('schema_migrations')::text AS name`);
  if (!table?.name) return new Set();
  return new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
}

/** Migrations on disk that the database has not applied (readiness fails while there are any). */
export async function pendingMigrations(db: Queryable): Promise<string[]> {
  const applied = await appliedMigrations(db);
  return (await migrationFiles()).filter((name) => !applied.has(name));
}

/**
 * Applies every `migrations/NNN_name.sql` not yet applied, in name order, each in its own transaction.
 * Each transaction first takes one advisory lock and then re-reads what is applied, so instances started
 * together on an empty database wait for each other instead of racing over the same tables.
 */
export async function migrate(db: Database): Promise<string[]> {
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query(`SELECT ${MIGRATION_LOCK}`);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  });
  for (const name of await migrationFiles()) {
    const sql = await readFile(migrationsDir + name, 'utf8');
    await db.transaction(async (tx) => {
      await tx.query(`SELECT ${MIGRATION_LOCK}`);
      if ((await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name])).length) return;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      applied.push(name);
    });
  }
  return applied;
}

/** Runs `work` in a transaction holding the migration lock (demo seeding: one instance fills, the others see it filled). */
export function underMigrationLock<T>(db: Database, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT ${MIGRATION_LOCK}`);
    return work(tx);
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
