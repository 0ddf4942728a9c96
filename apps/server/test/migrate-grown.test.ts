import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { migrate, OUTSIDE_TRANSACTION } from '../src/db/migrate.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { startTestApp, type TestApp } from './helper.ts';

const url = process.env.TEST_DATABASE_URL;
/** Watch-history rows the table grows to; the 4 million with GROWN_WATCH_ROWS=4000000 (minutes to load). */
const rows = Number(process.env.GROWN_WATCH_ROWS ?? 200_000);
const TOPICS = 100;

/** Students and topics enough for `rows` watch-history rows, loaded by SQL (foreign-key and notice triggers skipped). */
async function grow(db: Database) {
  const students = Math.ceil(rows / TOPICS);
  await db.transaction(async (tx) => {
    await tx.query('SET LOCAL session_replication_role = replica');
    const [chapter] = await tx.query<{ id: number }>('SELECT min(id) AS id FROM chapters');
    await tx.query(
      `INSERT INTO topics (chapter_id, name, video_link, position) SELECT $1, 'Grown ' || g, 'videos/grown.webm', 1000 + g FROM generate_series(1, $2::int) g`,
      [chapter!.id, TOPICS],
    );
    await tx.query(
      `INSERT INTO students (name, phone_code, mobile) SELECT 'Grown ' || g, '91', (7000000000 + g)::text FROM generate_series(1, $1::int) g`,
      [students],
    );
    await tx.query(
      `INSERT INTO watch_progress (student_id, topic_id, position_seconds, duration_seconds, updated_at)
       SELECT s.id, t.id, (s.id * t.id) % 600, 600, now() - make_interval(secs => s.id * 100 + t.id)
         FROM (SELECT id FROM students WHERE name LIKE 'Grown %') s, (SELECT id FROM topics WHERE name LIKE 'Grown %') t`,
    );
  });
  await db.query('ANALYZE watch_progress');
}

describe.runIf(url)('an index built on a grown table while the old version serves (PostgreSQL)', () => {
  let t: TestApp;
  let schema = '';
  let dir = '';
  const handles: Database[] = [];
  const open = (statementTimeoutMs?: number) => {
    const db = openPostgres(url!, { searchPath: schema, max: 2, statementTimeoutMs });
    handles.push(db);
    return db;
  };
  beforeAll(async () => {
    // The old version: serving, every migration of its release applied.
    t = await startTestApp();
    schema = (await t.db.query<{ schema: string }>('SELECT current_schema() AS schema'))[0]!.schema;
    dir = await mkdtemp(join(tmpdir(), 'migrations-'));
    await grow(t.db);
  }, 900_000);
  afterAll(async () => {
    for (const db of handles) await db.close();
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('builds it concurrently outside a transaction, under a 1 s statement timeout, while reads and writes on the table go on', {
    timeout: 900_000,
  }, async ({ annotate }) => {
    await writeFile(
      join(dir, '900_watch_position.sql'),
      `${OUTSIDE_TRANSACTION}
-- A build cut short leaves an invalid index of that name: drop it, so the retry builds it anew.
DROP INDEX CONCURRENTLY IF EXISTS watch_progress_position;
CREATE INDEX CONCURRENTLY watch_progress_position ON watch_progress (position_seconds);
`,
    );
    const me = t.demo.demoStudentId;
    const token = await t.tokenFor(me);
    const topics = (
      await t.db.query<{ id: number }>(`SELECT id FROM topics WHERE name NOT LIKE 'Grown %' ORDER BY id LIMIT 10`)
    ).map((r) => r.id);
    const observer = open();
    const phase = async () =>
      (
        await observer.query<{ phase: string }>(
          `SELECT phase FROM pg_stat_progress_create_index WHERE relid = 'watch_progress'::regclass`,
        )
      )[0]?.phase;

    // A transaction whose snapshot is older than the build: a concurrent build waits for it before it ends, so the test
    // decides when the build may end, after it has seen the old version serve through it.
    let releaseHolder!: () => void;
    const holderReleased = new Promise<void>((resolve) => (releaseHolder = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = observer.transaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      await tx.query('SELECT count(*) FROM subjects');
      holding();
      await holderReleased;
    });
    await held;

    // The old version's traffic on the table, from the start of the migration to its end.
    const answers: { call: string; status: number; ms: number }[] = [];
    let migrating = true;
    const count = (call: string) => answers.filter((a) => a.call === call && a.status === 200).length;
    const traffic = (async () => {
      for (let i = 0; migrating; i++) {
        for (const [call, body] of [
          ['watched', { stud_id: me, topic_id: topics[i % topics.length], position_seconds: i, duration_seconds: 600 }],
          ['recently_watched', { stud_id: me }],
        ] as const) {
          const started = performance.now();
          const { status } = await t.post(`/Student/${call}`, body, token);
          answers.push({ call, status, ms: performance.now() - started });
        }
      }
    })();

    // The new version migrates with DB_STATEMENT_TIMEOUT_MS at 1 s; a second instance starting beside it waits its turn.
    const started = performance.now();
    const migration = migrate(open(1000), dir);
    let second: Promise<string[]> | undefined;
    try {
      await vi.waitFor(async () => expect(await phase()).toBeDefined(), { timeout: 600_000, interval: 20 });
      second = migrate(open(1000), dir);
      // Built and validated: only the old snapshot keeps it from ending now. The old version still reads and writes.
      await vi.waitFor(async () => expect(await phase()).toBe('waiting for old snapshots'), {
        timeout: 600_000,
        interval: 50,
      });
      const before = { writes: count('watched'), reads: count('recently_watched') };
      await vi.waitFor(
        () => {
          expect(count('watched') - before.writes).toBeGreaterThanOrEqual(5);
          expect(count('recently_watched') - before.reads).toBeGreaterThanOrEqual(5);
        },
        { timeout: 60_000, interval: 20 },
      );
      expect(await phase()).toBe('waiting for old snapshots');
    } finally {
      // Whatever happened, nothing is left waiting on the holder.
      releaseHolder();
      await holder;
      migrating = false;
      await traffic;
    }
    expect(await migration).toEqual(['900_watch_position.sql']);
    const ms = Math.round(performance.now() - started);
    expect(await second).toEqual([]);
    const [index] = await t.db.query<{ valid: boolean }>(
      `SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = 'watch_progress_position'::regclass`,
    );
    expect(index).toEqual({ valid: true });
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    const writes = answers.filter((a) => a.call === 'watched');
    await annotate(
      `${rows} rows: index built in ${ms} ms; meanwhile ${writes.length} writes and ${answers.length - writes.length} reads answered 200, ` +
        `slowest write ${Math.round(Math.max(...writes.map((a) => a.ms)))} ms`,
    );
  });
});
