import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { countWatchRows, growWatchRows } from './grow-watch-rows.ts';
import { openTestDatabase } from './helper.ts';
import { copyTemplate } from './pglite-templates.ts';

/**
 * The backup at a size where holding a table in memory fails: 160,000 watch rows (about 20 MB of JSON as one string,
 * several times that once parsed), each command in a process of its own whose JavaScript heap may not pass HEAP_MB.
 * The backup before decision 052 ran out of memory here ("JavaScript heap out of memory" from 120,000 rows on);
 * streamed, it holds a batch at a time, and passes in this heap at any size (24 MB did with 240,000 rows).
 */
const SIZE = { students: 4000, topics: 40 };
const WATCH_ROWS = SIZE.students * SIZE.topics;
const HEAP_MB = 32;

const serverRoot = resolve(import.meta.dirname, '..');
const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * `npm run portal -- …` in a child process with a small heap, on the installation `env` names; with `fileBytes`, no file
 * it writes may grow beyond that (util-linux's prlimit: a write past it fails with EFBIG, as one on a full disk fails
 * with ENOSPC).
 */
async function portal(env: Record<string, string>, argv: string[], { fileBytes }: { fileBytes?: number } = {}) {
  const node = [process.execPath, `--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', 'src/cli/main.ts', ...argv];
  const [command = '', ...args] = fileBytes === undefined ? node : ['prlimit', `--fsize=${fileBytes}`, ...node];
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, {
      cwd: serverRoot,
      env: { ...process.env, NODE_ENV: 'test', ...env },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, out: failed.stdout ?? '', err: failed.stderr ?? '' };
  }
}

/** An installation the child process can open: a schema of the test's PostgreSQL, or an embedded database in a folder. */
async function installation(
  dir: string,
  name: string,
): Promise<{ env: Record<string, string>; open: () => Promise<Database>; done: () => Promise<void> }> {
  const folders = { MEDIA_DIR: join(dir, `${name}-media`), MATERIALS_DIR: join(dir, `${name}-materials`) };
  if (postgresUrl) {
    const db = await openTestDatabase();
    const [schema] = await db.query<{ name: string }>('SELECT current_schema() AS name');
    const url = new URL(postgresUrl);
    url.searchParams.set('search_path', schema?.name ?? '');
    return { env: { ...folders, DATABASE_URL: url.toString() }, open: async () => db, done: () => db.close() };
  }
  const dataDir = join(dir, `${name}-data`);
  // As a fresh initdb leaves it (pglite-templates.ts): the test migrates the source, the restore the other.
  await copyTemplate(join(dataDir, 'pglite'));
  return {
    env: { ...folders, DATA_DIR: dataDir },
    open: async () => {
      await mkdir(dataDir, { recursive: true });
      return openPglite(join(dataDir, 'pglite'));
    },
    done: async () => {},
  };
}

describe('a backup at size', { timeout: 600_000 }, () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-backup-size-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it(`backs up ${WATCH_ROWS} watch rows in a ${HEAP_MB} MB heap and restores every one of them`, async () => {
    const source = await installation(dir, 'source');
    const fresh = await installation(dir, 'fresh');
    try {
      const db = await source.open();
      await migrate(db);
      // Without the foreign-key checks of each of the 160,000 rows (made from the students and topics just stored, so
      // they hold by construction): two thirds of the growing's CPU. The restore below checks every one of them.
      await db.transaction(async (tx) => {
        await tx.query('SET LOCAL session_replication_role = replica');
        await growWatchRows(tx, SIZE);
      });
      expect(await countWatchRows(db)).toBe(WATCH_ROWS);
      if (!postgresUrl) await db.close();

      const archive = join(dir, 'grown.tar.gz');
      const written = await portal(source.env, ['backup', archive]);
      expect(written.err).toBe('');
      expect(written.code).toBe(0);
      expect((await stat(archive)).mode & 0o777).toBe(0o600);

      // The next night's backup runs out of room halfway through: it fails saying why, and the archive already under
      // its name stays whole, with nothing written beside it.
      const { size } = await stat(archive);
      const full = await portal(source.env, ['backup', archive], { fileBytes: Math.floor(size / 2) });
      expect(full.code).toBe(1);
      expect(full.err).toMatch(/EFBIG/);
      expect((await stat(archive)).size).toBe(size);
      expect((await readdir(dir)).filter((name) => name.includes('grown'))).toEqual(['grown.tar.gz']);

      // On PostgreSQL the restore runs under the server's limit on a statement, here 250 ms, with one of its inserts
      // made slower than that (a trigger), as millions of rows in one table made it: a restore is one long transaction
      // of its own and must not be cancelled by the limit meant for requests (57014 before decision 052).
      const limit: Record<string, string> = postgresUrl ? { DB_STATEMENT_TIMEOUT_MS: '250' } : {};
      if (postgresUrl) {
        const target = await fresh.open();
        await migrate(target);
        await target.query(`CREATE FUNCTION slow_insert() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN PERFORM pg_sleep(0.5); RETURN NULL; END $$`);
        await target.query(
          'CREATE TRIGGER slow_insert BEFORE INSERT ON students FOR EACH STATEMENT EXECUTE FUNCTION slow_insert()',
        );
      }
      const restored = await portal({ ...fresh.env, ...limit }, ['restore', archive]);
      expect(restored.err).toBe('');
      expect(restored.code).toBe(0);
      const back = await fresh.open();
      try {
        expect(await countWatchRows(back)).toBe(WATCH_ROWS);
        const [students] = await back.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM students WHERE name LIKE 'Grown student %'`,
        );
        expect(students?.count).toBe(SIZE.students);
      } finally {
        if (!postgresUrl) await back.close();
      }
    } finally {
      await source.done();
      await fresh.done();
    }
  });
});
