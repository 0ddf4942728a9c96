import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connect } from '../src/db/connect.ts';
import { migrate, OUTSIDE_TRANSACTION, pendingMigrations } from '../src/db/migrate.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { openTestDatabase } from './helper.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('several instances starting together on one empty PostgreSQL database', () => {
  it('migrate and seed under one lock: all come up, each migration and the demo data exactly once', async () => {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = openPostgres(url!, { max: 1 });
    await admin.query(`CREATE SCHEMA ${schema}`);
    const instances = [1, 2, 3, 4].map(() => openPostgres(url!, { searchPath: schema, max: 2 }));
    try {
      const results = await Promise.all(
        instances.map(async (db) => ({ applied: await migrate(db), seeded: await seedDemo(db) })),
      );
      const applied = results.flatMap((r) => r.applied);
      expect(new Set(applied).size).toBe(applied.length);
      expect(await pendingMigrations(instances[0]!)).toEqual([]);
      expect(results.filter((r) => r.seeded)).toHaveLength(1);
      const [students] = await instances[0]!.query<{ count: number }>('SELECT count(*)::int AS count FROM students');
      expect(students!.count).toBeGreaterThan(0);
      const [again] = await instances[1]!.query<{ count: number }>('SELECT count(*)::int AS count FROM students');
      expect(again!.count).toBe(students!.count);
    } finally {
      await Promise.all(instances.map((db) => db.close()));
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    }
  });
});

describe.skipIf(!url)('a migration longer than DB_STATEMENT_TIMEOUT_MS', () => {
  it('still applies, and another instance waits for it past that timeout too', async () => {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = openPostgres(url!, { max: 1 });
    await admin.query(`CREATE SCHEMA ${schema}`);
    const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
    await writeFile(join(dir, '001_slow.sql'), 'SELECT pg_sleep(1.5);\nCREATE TABLE slow_done (n int);\n');
    // The timeout the server's connections have: a request's runaway statement is cancelled after 300 ms.
    const instances = [1, 2].map(() => openPostgres(url!, { searchPath: schema, max: 2, statementTimeoutMs: 300 }));
    try {
      await expect(instances[0]!.query('SELECT pg_sleep(1)')).rejects.toThrow(/statement timeout/);
      const applied = await Promise.all(instances.map((db) => migrate(db, dir)));
      expect(applied.flat()).toEqual(['001_slow.sql']);
      expect(await instances[0]!.query('SELECT count(*)::int AS n FROM slow_done')).toEqual([{ n: 0 }]);
      // The timeout still holds for what the server asks afterwards, on every connection.
      await expect(Promise.all(instances.map((db) => db.query('SELECT pg_sleep(1)')))).rejects.toThrow(
        /statement timeout/,
      );
    } finally {
      await Promise.all(instances.map((db) => db.close()));
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a migration marked to run outside a transaction', () => {
  // PGlite has one connection, and only the server that migrates has the database open: the build blocks nothing there.
  it('builds an index concurrently, which a transaction would refuse', async () => {
    const db = await openTestDatabase();
    const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
    try {
      await writeFile(
        join(dir, '001_table.sql'),
        'CREATE TABLE marks (n int);\nINSERT INTO marks SELECT generate_series(1, 1000);\n',
      );
      await writeFile(
        join(dir, '002_index.sql'),
        `${OUTSIDE_TRANSACTION}\nCREATE INDEX CONCURRENTLY marks_n ON marks (n);\n`,
      );
      expect(await migrate(db, dir)).toEqual(['001_table.sql', '002_index.sql']);
      expect(await db.query(`SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = 'marks_n'::regclass`)).toEqual(
        [{ valid: true }],
      );
      expect(await migrate(db, dir)).toEqual([]);
    } finally {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('migrations that build an index concurrently', () => {
  const migrations = resolve(import.meta.dirname, '../src/db/migrations');
  // A build cut short (the instance stopped, the connection lost) leaves an invalid index of that name, which
  // `IF NOT EXISTS` would keep as it is, and the migration would be recorded as applied (docs/decisions/053).
  it('drop a half-built index of the same name first, so a retry builds it anew', async () => {
    for (const name of (await readdir(migrations)).filter((f) => f.endsWith('.sql'))) {
      const sql = await readFile(join(migrations, name), 'utf8');
      for (const [, ifNotExists, index] of sql.matchAll(
        /CREATE (?:UNIQUE )?INDEX CONCURRENTLY (IF NOT EXISTS )?(\w+)/g,
      )) {
        expect(ifNotExists, `${name}: ${index}`).toBeUndefined();
        expect(sql.indexOf(`DROP INDEX CONCURRENTLY IF EXISTS ${index};`), `${name}: ${index}`).toBeGreaterThan(-1);
        expect(sql.indexOf(`DROP INDEX CONCURRENTLY IF EXISTS ${index};`), `${name}: ${index}`).toBeLessThan(
          sql.indexOf(`INDEX CONCURRENTLY ${index}`),
        );
      }
    }
  });

  it.runIf(url)(
    'build again, valid, the index of migration 100 that a stopped start left invalid',
    async () => {
      const db = await openTestDatabase();
      try {
        await migrate(db);
        // Where the upgrade stopped: 100's index half built (invalid), the old index still there, 100 not recorded.
        await db.query(`DELETE FROM schema_migrations WHERE name = '100_watch_progress_topic_student.sql'`);
        await db.query(
          'CREATE INDEX watch_progress_topic_progress ON watch_progress (topic_id) INCLUDE (student_id, position_seconds, duration_seconds)',
        );
        await db.query(
          `UPDATE pg_index SET indisvalid = false WHERE indexrelid = 'watch_progress_topic_student'::regclass`,
        );
        expect(await migrate(db)).toEqual(['100_watch_progress_topic_student.sql']);
        expect(
          await db.query(
            `SELECT c.relname AS name, i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
            WHERE i.indrelid = 'watch_progress'::regclass AND c.relname LIKE 'watch_progress_topic%'`,
          ),
        ).toEqual([{ name: 'watch_progress_topic_student', valid: true }]);
      } finally {
        await db.close();
      }
    },
    120_000,
  );
});

describe('a database that is down at start', () => {
  it('is retried with a message naming it, then given up with a clear error', async () => {
    const retries: string[] = [];
    const started = Date.now();
    await expect(
      connect(
        { DATABASE_URL: 'postgres://portal:secret@127.0.0.1:9/portal', DATA_DIR: '', DB_CONNECT_TIMEOUT_SECONDS: 2 },
        (m) => retries.push(m),
      ),
    ).rejects.toThrow(
      /The database at 127\.0\.0\.1:9\/portal is not reachable \(.+\); gave up after 2 s \(DB_CONNECT_TIMEOUT_SECONDS\)/,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(retries[0]).toMatch(/^The database at 127\.0\.0\.1:9\/portal is not reachable yet .*trying again in 1 s\.$/);
    expect(retries.join('\n')).not.toContain('secret');
  });
});

describe('INSTITUTE_TIMEZONE in the database', () => {
  it('makes a time written without an offset mean the institute zone (16:00 in Kolkata is 10:30 UTC)', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'tz-'));
    // The run's own database: the embedded one is the PGlite run's, not opened a second time on the PostgreSQL run.
    const databases = [
      url
        ? await connect({ DATABASE_URL: url, DATA_DIR: dir, INSTITUTE_TIMEZONE: 'Asia/Kolkata', DB_POOL_SIZE: 3 })
        : await connect({ DATA_DIR: dir, INSTITUTE_TIMEZONE: 'Asia/Kolkata' }),
    ];
    try {
      for (const db of databases) {
        // Every pooled connection, not just the first: several at once.
        const rows = await Promise.all(
          [1, 2, 3].map(() =>
            db.query<{ utc: string }>(
              `SELECT to_char('2026-11-24 16:00'::timestamptz AT TIME ZONE 'UTC', 'HH24:MI') AS utc`,
            ),
          ),
        );
        expect(
          rows.map((r) => r[0]!.utc),
          db.kind,
        ).toEqual(['10:30', '10:30', '10:30']);
      }
    } finally {
      for (const db of databases) await db.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
