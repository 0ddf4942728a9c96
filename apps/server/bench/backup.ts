// Backup and restore at an institute's size (issue 33, decision 052): grows a database to BENCH_STUDENTS × 40 watch
// rows (100,000 × 40 = 4 million by default) with generate_series, then runs `backup` and `restore` each in a process of
// its own and prints its time and peak memory (resident set). On PostgreSQL (BENCH_DATABASE_URL, default the local test
// database) in throwaway schemas; BENCH_DB=pglite for the embedded database in a temporary folder.
//   npx tsx apps/server/bench/backup.ts
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backup, restore } from '../src/backup/archive.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { countWatchRows, growWatchRows } from '../test/grow-watch-rows.ts';

const TOPICS = 40;
const students = Number(process.env.BENCH_STUDENTS ?? 100_000);
const kind = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'postgres';
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A database by where it is: `postgres:<schema>` or `pglite:<folder>`. */
async function open(where: string, statementTimeoutMs?: number): Promise<Database> {
  const [type, place = ''] = where.split(/:(.*)/s);
  if (type === 'pglite') {
    await mkdir(place, { recursive: true });
    return openPglite(place);
  }
  return openPostgres(url, { searchPath: place, max: 2, statementTimeoutMs });
}

/** In the child: one backup or restore, then its time and peak memory as one line of JSON. */
async function child(what: string, where: string, file: string, folders: string) {
  // The server's own limit on a statement (DB_STATEMENT_TIMEOUT_MS's default), which a restore must not run into.
  const db = await open(where, 15_000);
  const config = { MEDIA_DIR: join(folders, 'media'), MATERIALS_DIR: join(folders, 'materials') };
  const started = performance.now();
  const summary = what === 'backup' ? await backup(db, config, file) : await restore(db, config, file);
  const ms = performance.now() - started;
  await db.close();
  const rows = summary.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(JSON.stringify({ ms, rows, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
}

function run(...args: string[]): Promise<{ ms: number; rows: number; maxRssMb: number }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}'))
        : reject(new Error(`${args[1]} exited with ${code}`)),
    );
  });
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'portal-bench-backup-'));
  const admin = kind === 'postgres' ? openPostgres(url) : undefined;
  const [source, target] =
    kind === 'postgres'
      ? ['postgres:bench_backup_source', 'postgres:bench_backup_target']
      : [`pglite:${dir}/source`, `pglite:${dir}/target`];
  try {
    for (const schema of ['bench_backup_source', 'bench_backup_target']) {
      await admin?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin?.query(`CREATE SCHEMA ${schema}`);
    }
    for (const where of [source, target]) {
      const db = await open(where);
      await migrate(db);
      if (where === source) {
        const started = performance.now();
        await growWatchRows(db, { students, topics: TOPICS });
        console.log(
          `${kind}: grew ${await countWatchRows(db)} watch rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      }
      await db.close();
    }
    const file = join(dir, 'portal.tar.gz');
    const written = await run('child', 'backup', source, file, dir);
    const size = (await stat(file)).size / 1024 / 1024;
    console.log(
      `backup:  ${(written.ms / 1000).toFixed(1)} s, peak memory ${written.maxRssMb.toFixed(0)} MB, ${written.rows} rows, archive ${size.toFixed(0)} MB`,
    );
    const restored = await run('child', 'restore', target, file, join(dir, 'restored'));
    console.log(
      `restore: ${(restored.ms / 1000).toFixed(1)} s, peak memory ${restored.maxRssMb.toFixed(0)} MB, ${restored.rows} rows`,
    );
    const back = await open(target);
    console.log(`restored watch rows: ${await countWatchRows(back)}`);
    await back.close();
  } finally {
    for (const schema of ['bench_backup_source', 'bench_backup_target'])
      await admin?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin?.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'child') {
  const [, , , what = '', where = '', file = '', folders = ''] = process.argv;
  await child(what, where, file, folders);
} else {
  await main();
}
