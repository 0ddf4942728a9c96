// Prints p50/p95 of the console's insights calls, and of the authoring pages' reads (Courses, a subject, a chapter's
// quizzes, a quiz, a subject's schedule), over real HTTP, at demo size and at the grown size of grow-large.ts
// (100,000 students, 10 million watch rows, 1 million quiz attempts on PostgreSQL), with each statement's plan
// checked for sequential scans of large tables. Figures only; nothing is asserted. The goal (issue 9): p50 < 300 ms.
//   npx tsx apps/server/bench/insights.ts
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_perf (schemas bench_demo, bench_grown, shared with
//   `npm run bench`; growth happens once)  BENCH_SIZES=demo,grown  ROUNDS=50
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { createStaffSession } from '../src/sessions/session-repository.ts';
import { staffWithRole } from '../test/helper.ts';
import { ensurePostgresDatabase } from './bench-servers.ts';
import { growLarge, POSTGRES_SIZE } from './grow-large.ts';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_perf';
const SIZES = (process.env.BENCH_SIZES ?? 'demo,grown').split(',');
const ROUNDS = Number(process.env.ROUNDS ?? 50);

async function open(size: string): Promise<Database> {
  await ensurePostgresDatabase(DATABASE_URL);
  const admin = openPostgres(DATABASE_URL, { max: 1 });
  await admin.query(`CREATE SCHEMA IF NOT EXISTS bench_${size}`);
  await admin.close();
  const db = openPostgres(DATABASE_URL, { searchPath: `bench_${size}`, max: 4 });
  await migrate(db);
  await seedDemo(db);
  if (size === 'grown') {
    const started = performance.now();
    await growLarge(db, POSTGRES_SIZE, (line) => console.log(line));
    console.log(`grown (or found grown) in ${Math.round((performance.now() - started) / 1000)} s`);
  }
  await db.query('ANALYZE');
  return db;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

for (const size of SIZES) {
  const db = await open(size);
  const first = async (sql: string) => (await db.query<{ id: number }>(sql))[0]?.id ?? 0;
  // The demo's Physics (the most watched subject) and a grown one; the quiz with the most attempts; a busy student.
  const subject = await first(
    `SELECT subject_id AS id FROM enrolments GROUP BY subject_id ORDER BY count(*) DESC, subject_id LIMIT 1`,
  );
  const quiz = await first(`SELECT quiz_id AS id FROM quiz_attempts GROUP BY quiz_id ORDER BY count(*) DESC LIMIT 1`);
  const student = await first(`SELECT id FROM students WHERE mobile = '9876543210'`);
  const chapter = await first(`SELECT chapter_id AS id FROM quizzes WHERE id = ${quiz}`);
  const config = loadConfig({
    NODE_ENV: 'production',
    AUTH_SECRET: 'b'.repeat(40),
    SMS_PROVIDER: 'log',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, db, logger: false });
  const base = `${await app.listen({ host: '127.0.0.1', port: 0 })}${config.CONSOLE_API_BASE}`;
  const token = await createStaffSession(db, await staffWithRole(db, 'teacher'), 1);
  const counts = await db.query<{ students: number; watch: number; attempts: number }>(
    `SELECT (SELECT count(*) FROM students)::int AS students, (SELECT count(*) FROM watch_progress)::int AS watch, (SELECT count(*) FROM quiz_attempts)::int AS attempts`,
  );
  console.log(`\n${size}: ${JSON.stringify(counts[0])}; subject ${subject}, quiz ${quiz}, student ${student}`);
  console.log('call'.padEnd(22), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'bytes'.padStart(8));
  for (const [label, path, body] of [
    ['catalogue', '/Insights/catalogue', {}],
    ['subject', '/Insights/subject', { subject_id: subject }],
    ['quiz', '/Insights/quiz', { quiz_id: quiz }],
    ['student', '/Insights/student', { stud_id: student }],
    ['authoring: subjects', '/Course/subjects', {}],
    ['authoring: subject', '/Course/subject', { subject_id: subject }],
    ['authoring: quizzes', '/Quiz/list', { chapter_id: chapter }],
    ['authoring: quiz', '/Quiz/get', { id: quiz }],
    ['authoring: schedule', '/Schedule/list', { subject_id: subject }],
  ] as const) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now();
      const response = await fetch(base + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Token: token },
        body: JSON.stringify(body),
      });
      bytes = (await response.text()).length;
      times.push(performance.now() - t0);
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    }
    times.sort((a, b) => a - b);
    console.log(
      label.padEnd(22),
      percentile(times, 0.5).toFixed(2).padStart(8),
      percentile(times, 0.95).toFixed(2).padStart(8),
      String(bytes).padStart(8),
    );
  }
  // Each statement's plan: a sequential scan of a table with many rows would grow with the institute.
  const statements: [string, string, unknown[]][] = [
    [
      'subject topics',
      `EXPLAIN SELECT t.id, count(e.student_id) FROM chapters c JOIN topics t ON t.chapter_id = c.id LEFT JOIN watch_progress w ON w.topic_id = t.id LEFT JOIN enrolments e ON e.student_id = w.student_id AND e.subject_id = c.subject_id WHERE c.subject_id = $1 GROUP BY t.id`,
      [subject],
    ],
    ['subject enrolled', 'EXPLAIN SELECT count(*) FROM enrolments WHERE subject_id = $1', [subject]],
    ['quiz totals', 'EXPLAIN SELECT count(*), avg(marks) FROM quiz_attempts WHERE quiz_id = $1', [quiz]],
    [
      'quiz questions',
      `EXPLAIN SELECT q.id, count(a.question_id) FILTER (WHERE a.answer <> q.correct_answer) FROM questions q LEFT JOIN attempt_answers a ON a.question_id = q.id WHERE q.quiz_id = $1 GROUP BY q.id`,
      [quiz],
    ],
  ];
  for (const [label, sql, values] of statements) {
    const plan = (await db.query<Record<string, string>>(sql, values)).map((row) => Object.values(row)[0]).join('\n');
    const scanned = [...plan.matchAll(/Seq Scan on (\w+)/g)].map((match) => match[1]!);
    // A scan of a small table is the planner's right choice; only one of a table past 10,000 rows is flagged.
    const large = await db.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class WHERE relname = ANY($1) AND reltuples > 10000 AND relnamespace = current_schema()::regnamespace`,
      [scanned],
    );
    const scans = large.map((table) => table.name);
    console.log(
      `plan ${label.padEnd(18)} ${scans.length ? `SEQUENTIAL SCAN of ${scans.join(', ')}` : 'index scans only'}`,
    );
  }
  await app.close();
  await db.close();
}
