// Prints what serving a signed video link costs (media/serve-media.ts): a 1 KB range request of a topic's video, one at a
// time, with the session (and its enrolment) remembered, and with that memory cleared before every request so each
// one reads the database; then that read alone against the session-only read it replaced (docs/decisions/048).
// Figures only; nothing is asserted. DATABASE_URL=postgres://… runs it on PostgreSQL.
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { demoMediaDir } from '../src/paths.ts';
import { sessionCacheOf } from '../src/sessions/session-cache.ts';
import { createSession } from '../src/sessions/session-repository.ts';
import { openTestDatabase } from '../test/helper.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 2000);

if (process.env.DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
const db = await openTestDatabase();
await migrate(db);
await seedDemo(db);
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_SECRET: 'bench', MEDIA_DIR: demoMediaDir });
const app = await buildApp({ config, db, logger: false });
const base = await app.listen({ host: '127.0.0.1', port: 0 });

const [student] = await db.query<{ id: number }>(`SELECT id FROM students WHERE mobile = '9876543210'`);
const [chapter] = await db.query<{ id: number }>(
  `SELECT c.id FROM chapters c JOIN enrolments e ON e.subject_id = c.subject_id AND e.student_id = $1
    WHERE EXISTS (SELECT 1 FROM topics t WHERE t.chapter_id = c.id AND t.video_link LIKE '/media/%') ORDER BY c.id LIMIT 1`,
  [student!.id],
);
const token = await createSession(db, student!.id, 1);
const topics = await fetch(`${base}${config.API_BASE}/Student/topics`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Token: token },
  body: JSON.stringify({ stud_id: student!.id, chapter_id: chapter!.id }),
});
const link = ((await topics.json()) as { data: { video_link: string }[] }).data.find((t) =>
  t.video_link.startsWith('/media/v/'),
)!.video_link;

async function fetchRange() {
  const response = await fetch(base + link, { headers: { Range: 'bytes=0-1023' } });
  await response.arrayBuffer();
  if (response.status !== 206) throw new Error(`${link}: ${response.status}`);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** The two kinds take turns request by request, so a busy machine slows both alike. */
async function measure() {
  for (let i = 0; i < 50; i++) await fetchRange();
  const remembered: number[] = [];
  const read: number[] = [];
  const cache = sessionCacheOf(db);
  for (let i = 0; i < ROUNDS; i++) {
    let start = performance.now();
    await fetchRange();
    remembered.push(performance.now() - start);
    cache?.clear();
    start = performance.now();
    await fetchRange();
    read.push(performance.now() - start);
  }
  const f = (n: number) => n.toFixed(3);
  for (const [label, times] of [
    ['remembered', remembered],
    ['read from the database', read],
  ] as const) {
    times.sort((a, b) => a - b);
    console.log(
      `| ${label} | ${f(percentile(times, 50))} | ${f(percentile(times, 90))} | ${f(percentile(times, 99))} |`,
    );
  }
}

console.log(
  `\n## A signed video's 1 KB range request (${db.kind}, ${ROUNDS} sequential requests of each kind, taking turns)\n`,
);
console.log('| session | p50 ms | p90 ms | p99 ms |');
console.log('|---|---|---|---|');
await measure();

// The statement the route reads with when nothing is remembered, against the session read it replaced (before
// docs/decisions/048), taking turns in one process: what the enrolment check adds to a read.
async function statements() {
  const tokenHash = link.split('/')[3]!.split('.')[2]!;
  const session = Buffer.from(tokenHash, 'base64url').toString('hex');
  const subject = Number(link.split('/')[3]!.split('.')[1]);
  const before = `SELECT student_id, (extract(epoch FROM expires_at) * 1000)::float8 AS expires_ms FROM sessions
    WHERE token_hash = $1 AND student_id IS NOT NULL AND revoked_at IS NULL AND expires_at > now()`;
  const after = `SELECT s.student_id, (extract(epoch FROM s.expires_at) * 1000)::float8 AS expires_ms,
         EXISTS (SELECT 1 FROM reachable_subjects r WHERE r.student_id = s.student_id AND r.subject_id = $2) AS enrolled
    FROM sessions s WHERE s.token_hash = $1 AND s.student_id IS NOT NULL AND s.revoked_at IS NULL AND s.expires_at > now()`;
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < ROUNDS * 2; i++) {
    let start = performance.now();
    await db.query(before, [session]);
    times[0].push(performance.now() - start);
    start = performance.now();
    await db.query(after, [session, subject]);
    times[1].push(performance.now() - start);
  }
  const f = (n: number) => n.toFixed(3);
  console.log(`\n| statement (${ROUNDS * 2} each, taking turns) | p50 ms | p90 ms | p99 ms |\n|---|---|---|---|`);
  for (const [label, list] of [
    ['the session alone (before)', times[0]],
    ['the session and its enrolment (now)', times[1]],
  ] as const) {
    list.sort((a, b) => a - b);
    console.log(`| ${label} | ${f(percentile(list, 50))} | ${f(percentile(list, 90))} | ${f(percentile(list, 99))} |`);
  }
}
await statements();

await app.close();
await db.close();
