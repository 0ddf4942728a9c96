// `npm run bench`: every signed-in list call at 50 connections, measured from outside against the real server
// (its own process, production settings, request logs on), next to a static twin (a bare node:http server answering
// the same bytes) started in the same run, alternating A B A B. On the embedded database and on PostgreSQL, at demo
// size and at the grown size (bench/grow-large.ts). Prints figures; asserts nothing; not part of `npm test`.
//
//   BENCH_DBS=pglite,postgres  BENCH_SIZES=demo,grown  BENCH_SECONDS=3  BENCH_CONNECTIONS=50  BENCH_CALLS=subjects,news
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_perf (created if missing; schemas bench_demo, bench_grown)
//   BENCH_DATA_DIR=.data/bench (embedded databases, kept between runs so growth happens once)
//   BENCH_PROFILE=dir (the portal server writes a --cpu-prof profile there)
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { createSession } from '../src/sessions/session-repository.ts';
import { growLarge, PGLITE_SIZE, POSTGRES_SIZE } from './grow-large.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const serverEntry = resolve(here, '../src/server.ts');
const list = (value: string | undefined, fallback: string) => (value ?? fallback).split(',').map((s) => s.trim()).filter(Boolean);
const DBS = list(process.env.BENCH_DBS, 'pglite,postgres');
const SIZES = list(process.env.BENCH_SIZES, 'demo,grown');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ONLY = process.env.BENCH_CALLS ? list(process.env.BENCH_CALLS, '') : undefined;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_perf';
const DATA_DIR = resolve(process.env.BENCH_DATA_DIR ?? resolve(here, '../../../.data/bench'));
const PROFILE = process.env.BENCH_PROFILE;
const API_BASE = '/console/micros/Api';

interface Fixture {
  token: string;
  student: number;
  subject: number;
  chapter: number;
  batch: number;
  quizChapter: number;
  attempt: number;
}

const calls = (f: Fixture): [string, string, Record<string, number>][] => [
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
  const first = async (sql: string, params: unknown[] = []) => (await db.query<{ id: number }>(sql, params))[0]?.id ?? 0;
  const student = await first(`SELECT id FROM students WHERE mobile = '9876543210'`);
  const subject = await first(`SELECT subject_id AS id FROM enrolments WHERE student_id = $1 ORDER BY subject_id LIMIT 1`, [student]);
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
    attempt: await first(`SELECT id FROM quiz_attempts WHERE student_id = $1 AND quiz_id = $2 ORDER BY id LIMIT 1`, [student, quiz]),
  };
}

async function ensurePostgresDatabase() {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(DATABASE_URL), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  await admin.end();
}

/** The server's environment for one database and size; a fixture is prepared in it first. */
async function setUp(kind: string, size: string): Promise<{ env: Record<string, string>; fixture: Fixture }> {
  const grown = size === 'grown';
  if (kind === 'postgres') {
    await ensurePostgresDatabase();
    const schema = `bench_${size}`;
    const admin = openPostgres(DATABASE_URL, { max: 1 });
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await admin.close();
    const db = openPostgres(DATABASE_URL, { searchPath: schema, max: 1 });
    const fixture = await prepare(db, grown);
    await db.close();
    const url = new URL(DATABASE_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    return { env: { DATABASE_URL: url.toString() }, fixture };
  }
  const dir = join(DATA_DIR, size);
  await mkdir(dir, { recursive: true });
  const db = await openPglite(join(dir, 'pglite'));
  const fixture = await prepare(db, grown);
  await db.close();
  return { env: { DATA_DIR: dir }, fixture };
}

async function startProcess(args: string[], env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
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

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

const rssMb = async (pid: number | undefined) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
};

interface Run {
  requests: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, token: string, body: string, seconds: number): Promise<Run> {
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
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

async function benchOne(kind: string, size: string) {
  const { env, fixture } = await setUp(kind, size);
  const port = 20000 + Math.floor(Math.random() * 20000);
  const profileArgs = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${resolve(PROFILE)}`] : [];
  const { child: server } = await startProcess(
    [...profileArgs, '--import', 'tsx', serverEntry],
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
  const idle = await rssMb(server.pid);
  const base = `http://127.0.0.1:${port}${API_BASE}`;
  console.log(`\n## ${kind}, ${size} size: ${CONNECTIONS} connections, ${SECONDS} s × 2 alternating with the static twin; server RSS at start ${idle} MB\n`);
  console.log('| call | req/s | p50 ms | p99 ms | twin req/s | ratio | errors |');
  console.log('|---|---|---|---|---|---|---|');
  const bodyFile = join(tmpdir(), `bench-twin-${process.pid}.json`);
  try {
    for (const [name, path, extra] of calls(fixture)) {
      if (ONLY && !ONLY.includes(name)) continue;
      const body = JSON.stringify({ stud_id: fixture.student, ...extra });
      const response = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', token: fixture.token }, body });
      const bytes = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${bytes.toString().slice(0, 200)}`);
      await writeFile(bodyFile, bytes);
      const { child: twin, match } = await startProcess([resolve(here, 'static-twin.mjs'), bodyFile], {}, /^(\d+)\n/);
      const twinUrl = `http://127.0.0.1:${match[1]}${API_BASE}${path}`;
      try {
        await load(base + path, fixture.token, body, 1); // warm-up: JIT, plans, pool
        const a: Run[] = [];
        const b: Run[] = [];
        for (let round = 0; round < 2; round++) {
          a.push(await load(base + path, fixture.token, body, SECONDS));
          b.push(await load(twinUrl, fixture.token, body, SECONDS));
        }
        const mean = (runs: Run[], key: keyof Run) => runs.reduce((sum, run) => sum + run[key], 0) / runs.length;
        const reqs = mean(a, 'requests');
        const twinReqs = mean(b, 'requests');
        const errors = a.reduce((sum, run) => sum + run.errors, 0);
        console.log(
          `| ${name} | ${Math.round(reqs)} | ${mean(a, 'p50').toFixed(1)} | ${Math.max(...a.map((r) => r.p99)).toFixed(1)} | ${Math.round(twinReqs)} | ${(reqs / twinReqs).toFixed(3)} | ${errors} |`,
        );
      } finally {
        await stop(twin);
      }
    }
    console.log(`\nserver RSS after the runs: ${await rssMb(server.pid)} MB (${bytesOf(fixture)})`);
  } finally {
    await stop(server);
    await rm(bodyFile, { force: true });
  }
}

const bytesOf = (f: Fixture) => `student ${f.student}, subject ${f.subject}, chapter ${f.chapter}`;

console.log(`npm run bench — ${new Date().toISOString()}, node ${process.version}, load average ${(await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')}`);
for (const kind of DBS) for (const size of SIZES) await benchOne(kind, size);
