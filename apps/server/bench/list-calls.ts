// Prints latency of every signed-in list call on the demo data, then after the data grows ~100x,
// and the plan of each SQL statement those calls ran. Figures only; nothing is asserted.
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { createSession } from '../src/sessions/session-repository.ts';
import { openTestDatabase } from '../test/helper.ts';
import { growData } from './grow-data.ts';
import { explainAll, recording } from './recording.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 200);

if (process.env.DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
const db = await openTestDatabase();
await migrate(db);
await seedDemo(db);
const recorder = recording(db);
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_SECRET: 'bench' });
const app = await buildApp({ config, db: recorder.db, logger: false });
const base = (await app.listen({ host: '127.0.0.1', port: 0 })) + config.API_BASE;

const first = async (sql: string, params: unknown[] = []) => (await db.query<{ id: number }>(sql, params))[0]?.id ?? 0;
const student = await first(`SELECT id FROM students WHERE mobile = '9876543210'`);
const token = await createSession(db, student, 1);
const subject = await first(
  `SELECT subject_id AS id FROM enrolments WHERE student_id = $1 ORDER BY subject_id LIMIT 1`,
  [student],
);
const chapter = await first(`SELECT id FROM chapters WHERE subject_id = $1 ORDER BY position, id LIMIT 1`, [subject]);
const batch = await first(`SELECT id FROM batches WHERE subject_id = $1 ORDER BY id LIMIT 1`, [subject]);
const quiz = await first(
  `SELECT q.id FROM quizzes q JOIN chapters c ON c.id = q.chapter_id WHERE c.subject_id = $1 ORDER BY q.id LIMIT 1`,
  [subject],
);
const quizChapter = await first(`SELECT chapter_id AS id FROM quizzes WHERE id = $1`, [quiz]);
const attempt = await first(`SELECT id FROM quiz_attempts WHERE student_id = $1 ORDER BY id LIMIT 1`, [student]);

const calls: [string, Record<string, number>][] = [
  ['/Student/get_profile', {}],
  ['/Student/subjects', {}],
  ['/Student/chapters', { sub_id: subject }],
  ['/Student/topics', { chapter_id: chapter }],
  ['/Student/recently_watched', {}],
  ['/Student/batches', { sub_id: subject }],
  ['/Student/live_classes', { sub_id: subject, batch_id: batch }],
  ['/Student/study_materials', { sub_id: subject, chapter_id: chapter }],
  ['/Student/get_quiz_by_chapter', { chapter_id: quizChapter }],
  ['/Student/get_quiz', { quiz_id: quiz }],
  ['/Student/my_quiz_history', { chapter_id: quizChapter }],
  ['/Student/quiz_report_by_id', { id: attempt }],
  ['/Student/news_events', {}],
];

async function call(path: string, body: Record<string, number>) {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Token: token },
    body: JSON.stringify({ stud_id: student, ...body }),
  });
  await response.arrayBuffer();
  return response.status;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function measure(label: string) {
  console.log(`\n## ${label} (${db.kind}, ${ROUNDS} sequential calls each)\n`);
  console.log('| call | status | p50 ms | p95 ms | p99 ms |');
  console.log('|---|---|---|---|---|');
  for (const [path, body] of calls) {
    const status = await call(path, body);
    for (let i = 0; i < 20; i++) await call(path, body);
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const start = performance.now();
      await call(path, body);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const f = (n: number) => n.toFixed(2);
    console.log(
      `| ${path} | ${status} | ${f(percentile(times, 50))} | ${f(percentile(times, 95))} | ${f(percentile(times, 99))} |`,
    );
  }
}

async function throughput(path: string, body: Record<string, number>) {
  const until = performance.now() + 3000;
  let done = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (performance.now() < until) {
        await call(path, body);
        done++;
      }
    }),
  );
  console.log(`\n${path} with 10 concurrent clients: ${Math.round(done / 3)} requests/s`);
}

await measure('Demo data');
await throughput('/Student/subjects', {});
const rows = async () =>
  (await db.query<{ n: number }>(`SELECT sum(n_live_tup)::int AS n FROM pg_stat_user_tables`))[0]?.n;
console.log(`\nGrowing the data about 100x...`);
await growData(db, 100);
console.log(`rows in all tables: ${await rows()}`);
recorder.clear();
await measure('Grown data');
await throughput('/Student/subjects', {});

console.log('\n## Plans of the statements the calls ran (grown data)\n');
for (const line of await explainAll(db, recorder.statements())) console.log(line);

await app.close();
await db.close();
