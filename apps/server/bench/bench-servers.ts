// Shared by the benchmarks that run the real server: the demo (or grown) database, the signed-in student's fixture,
// and the server in its own process with production settings.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { createSession } from '../src/sessions/session-repository.ts';
import { growLarge, PGLITE_SIZE, POSTGRES_SIZE } from './grow-large.ts';

export const here = fileURLToPath(new URL('.', import.meta.url));
const serverEntry = resolve(here, '../src/server.ts');
export const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_perf';
const DATA_DIR = resolve(process.env.BENCH_DATA_DIR ?? resolve(here, '../../../.data/bench'));
export const API_BASE = '/console/micros/Api';

/** A comma-separated setting (BENCH_DBS=pglite,postgres) as a list. */
export const envList = (value: string | undefined, fallback: string) =>
  (value ?? fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export interface Fixture {
  token: string;
  student: number;
  subject: number;
  chapter: number;
  batch: number;
  quizChapter: number;
  attempt: number;
}

export const calls = (f: Fixture): [string, string, Record<string, number>][] => [
  ['subjects', '/Student/subjects', {}],
  ['chapters', '/Student/chapters', { sub_id: f.subject }],
  ['topics', '/Student/topics', { chapter_id: f.chapter }],
  ['recently watched', '/Student/recently_watched', {}],
  ['live classes', '/Student/live_classes', { sub_id: f.subject, batch_id: f.batch }],
  ['study materials', '/Student/study_materials', { sub_id: f.subject, chapter_id: f.chapter }],
  ['quiz list', '/Student/get_quiz_by_chapter', { chapter_id: f.quizChapter }],
  ['quiz history', '/Student/my_quiz_history', { chapter_id: f.quizChapter }],
  ['report', '/Student/quiz_report_by_id', { id: f.attempt }],
  ['news', '/Student/news_events', {}],
];

/** Migrates, seeds, grows if asked, and signs the demo student in; the database is closed again before the server opens it. */
async function prepare(db: Database, grown: boolean): Promise<Fixture> {
  await migrate(db);
  await seedDemo(db);
  if (grown) {
    console.log(`Growing the ${db.kind} database (once; kept for later runs)...`);
    await growLarge(db, db.kind === 'postgres' ? POSTGRES_SIZE : PGLITE_SIZE, (line) => console.log(line));
  }
  const first = async (sql: string, params: unknown[] = []) =>
    (await db.query<{ id: number }>(sql, params))[0]?.id ?? 0;
  const student = await first(`SELECT id FROM students WHERE mobile = '9876543210'`);
  const subject = await first(
    `SELECT subject_id AS id FROM enrolments WHERE student_id = $1 ORDER BY subject_id LIMIT 1`,
    [student],
  );
  const quiz = await first(
    `SELECT q.id FROM quizzes q JOIN chapters c ON c.id = q.chapter_id JOIN quiz_attempts a ON a.quiz_id = q.id AND a.student_id = $2
      WHERE c.subject_id = $1 ORDER BY q.id LIMIT 1`,
    [subject, student],
  );
  return {
    token: await createSession(db, student, 24),
    student,
    subject,
    chapter: await first(`SELECT id FROM chapters WHERE subject_id = $1 ORDER BY position, id LIMIT 1`, [subject]),
    batch: await first(`SELECT id FROM batches WHERE subject_id = $1 ORDER BY id LIMIT 1`, [subject]),
    quizChapter: await first(`SELECT chapter_id AS id FROM quizzes WHERE id = $1`, [quiz]),
    attempt: await first(`SELECT id FROM quiz_attempts WHERE student_id = $1 AND quiz_id = $2 ORDER BY id LIMIT 1`, [
      student,
      quiz,
    ]),
  };
}

/** Creates the database of `url` (BENCH_DATABASE_URL) if the server does not have it yet. */
export async function ensurePostgresDatabase(url = DATABASE_URL) {
  const name = new URL(url).pathname.slice(1);
  const admin = openPostgres(Object.assign(new URL(url), { pathname: '/postgres' }).toString(), { max: 1 });
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!exists.length) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await admin.close();
  }
}

/** The bench's database of one kind and size, opened here (close it before a server opens it: PGlite locks its folder). */
export async function openBenchDatabase(kind: string, size: string): Promise<Database> {
  if (kind === 'postgres') return openPostgres(DATABASE_URL, { searchPath: `bench_${size}`, max: 1 });
  const dir = join(DATA_DIR, size);
  await mkdir(dir, { recursive: true });
  return openPglite(join(dir, 'pglite'));
}

/** The server's environment for one database and size; a fixture is prepared in it first. */
export async function setUp(kind: string, size: string): Promise<{ env: Record<string, string>; fixture: Fixture }> {
  const grown = size === 'grown';
  if (kind === 'postgres') {
    await ensurePostgresDatabase();
    const schema = `bench_${size}`;
    const admin = openPostgres(DATABASE_URL, { max: 1 });
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await admin.close();
    const db = await openBenchDatabase(kind, size);
    const fixture = await prepare(db, grown);
    await db.close();
    const url = new URL(DATABASE_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    return { env: { DATABASE_URL: url.toString() }, fixture };
  }
  const db = await openBenchDatabase(kind, size);
  const fixture = await prepare(db, grown);
  await db.close();
  return { env: { DATA_DIR: join(DATA_DIR, size) }, fixture };
}

export async function startProcess(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let seen = '';
  const match = await new Promise<RegExpMatchArray>((resolvePort, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (seen.length < 10_000) seen += chunk.toString();
      const found = seen.match(ready);
      if (found) resolvePort(found);
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}:\n${seen}`)));
  });
  // Request logs keep flowing to a pipe nobody reads into memory, as they would to a log collector.
  child.stdout?.removeAllListeners('data');
  child.stdout?.resume();
  return { child, match };
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/** The portal server in its own process, as production runs it (request logs on), on `port`. */
export async function startPortal(env: Record<string, string>, port: number, nodeArgs: string[] = []) {
  const { child } = await startProcess(
    [...nodeArgs, '--import', 'tsx', serverEntry],
    {
      ...env,
      NODE_ENV: 'production',
      // As `npm start` and the systemd unit run it (docs/decisions/031).
      MALLOC_ARENA_MAX: '2',
      AUTH_SECRET: 'a-bench-secret-of-at-least-32-characters',
      SMS_PROVIDER: 'log',
      SMS_OUTBOX: join(tmpdir(), 'bench-sms-outbox.jsonl'),
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
    },
    /portal on http/,
  );
  return child;
}

/** A port in a range the system does not hand out to clients. */
export const randomPort = () => 20000 + Math.floor(Math.random() * 20000);

export interface Run {
  requests: number;
  p50: number;
  p99: number;
  errors: number;
}

/** `seconds` of a signed-in POST at `connections` connections, as autocannon measures it from outside. */
export async function load(url: string, token: string, body: string, seconds: number, connections = 50): Promise<Run> {
  const result = await autocannon({
    url,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json', token },
    body,
  });
  return {
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}
