// Prints p50/p95 of the console's insights calls, and of the authoring pages' reads (Courses, a subject, a chapter's
// quizzes, a quiz, a subject's schedule), over real HTTP, at demo size and at the grown size of grow-large.ts
// (100,000 students, 10 million watch rows, 1 million quiz attempts on PostgreSQL), and the CPU milliseconds a request
// of PostgreSQL and of this process (the figure a shared machine's load does not inflate), with each statement's plan
// checked for sequential scans of large tables. Figures only; nothing is asserted. The goal (issue 9): p50 < 300 ms;
// for the lists of students by name (issue 35), each < 300 ms at 100,000 students (docs/decisions/066): a topic's, a
// quiz's, and a chapter's or a whole subject's (who has not watched every topic, not attempted every quiz), whose
// real statements are explained too.
//   npx tsx apps/server/bench/insights.ts
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_perf (schemas bench_demo, bench_grown, shared with
//   `npm run bench`; growth happens once)  BENCH_SIZES=demo,grown  ROUNDS=50
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database, Queryable } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { quizStudentList, scopeStudentList, topicStudentList } from '../src/resources/insights/student-lists.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { createStaffSession } from '../src/sessions/session-repository.ts';
import { staffWithRole } from '../test/helper.ts';
import { ensurePostgresDatabase } from './bench-servers.ts';
import { processTicks, ticksBetween } from './capacity-proc.ts';
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

/**
 * What the by-name lists are timed on, in the most enrolled subject (20,000 students when grown): a topic everyone
 * watched, one all of them stopped half-way in, a new topic and a new quiz nobody has opened (the longest lists), a
 * quiz four in five tried and half of those failed, and a batch of every fourth of its students; the chapter holding
 * those (everyone is behind on it) and one everyone finished. Made once, by name, so a second run finds them.
 */
async function listSubjects(db: Database, subject: number) {
  const first = async (sql: string, values: unknown[] = []) =>
    (await db.query<{ id: number }>(sql, values))[0]?.id ?? 0;
  const subjectChapter = await first('SELECT id FROM chapters WHERE subject_id = $1 ORDER BY position, id LIMIT 1', [
    subject,
  ]);
  const made = async (find: string, make: string, values: unknown[]) =>
    (await first(find, values)) || (await first(make, values));
  const newTopic = await made(
    `SELECT id FROM topics WHERE chapter_id = $1 AND name = 'Bench: new topic'`,
    `INSERT INTO topics (chapter_id, name, video_link, duration_seconds) VALUES ($1, 'Bench: new topic', '/media/none.webm', 600) RETURNING id`,
    [subjectChapter],
  );
  const halfTopic = await made(
    `SELECT id FROM topics WHERE chapter_id = $1 AND name = 'Bench: half watched'`,
    `INSERT INTO topics (chapter_id, name, video_link, duration_seconds) VALUES ($1, 'Bench: half watched', '/media/none.webm', 600) RETURNING id`,
    [subjectChapter],
  );
  await db.query(
    `INSERT INTO watch_progress (student_id, topic_id, position_seconds, duration_seconds)
     SELECT student_id, $2, 300, 600 FROM enrolments WHERE subject_id = $1 ON CONFLICT DO NOTHING`,
    [subject, halfTopic],
  );
  const newQuiz = await made(
    `SELECT id FROM quizzes WHERE chapter_id = $1 AND name = 'Bench: new quiz'`,
    `INSERT INTO quizzes (chapter_id, name, pass_marks) VALUES ($1, 'Bench: new quiz', 1) RETURNING id`,
    [subjectChapter],
  );
  // Tried by four students in five; every second of them failed, every fourth twice.
  const triedQuiz = await made(
    `SELECT id FROM quizzes WHERE chapter_id = $1 AND name = 'Bench: tried quiz'`,
    `INSERT INTO quizzes (chapter_id, name, pass_marks) VALUES ($1, 'Bench: tried quiz', 1) RETURNING id`,
    [subjectChapter],
  );
  if (!(await first('SELECT id FROM quiz_attempts WHERE quiz_id = $1 LIMIT 1', [triedQuiz])))
    await db.query(
      `INSERT INTO quiz_attempts (quiz_id, student_id, marks, max_marks, result, answers_hash, attended_on)
       SELECT $2, e.student_id, CASE WHEN e.student_id % 2 = 0 THEN 0 ELSE 1 END, 1,
              CASE WHEN e.student_id % 2 = 0 THEN 'fail' ELSE 'pass' END, md5(e.student_id || '-' || g),
              now() - make_interval(hours => e.student_id % 500 + g)
         FROM enrolments e CROSS JOIN generate_series(1, 2) g
        WHERE e.subject_id = $1 AND e.student_id % 5 <> 0 AND (g = 1 OR e.student_id % 4 = 0)`,
      [subject, triedQuiz],
    );
  const batch = await made(
    `SELECT id FROM batches WHERE subject_id = $1 AND name = 'Bench: every fourth'`,
    `INSERT INTO batches (subject_id, name) VALUES ($1, 'Bench: every fourth') RETURNING id`,
    [subject],
  );
  await db.query(
    `INSERT INTO batch_members (student_id, batch_id)
     SELECT student_id, $2 FROM enrolments WHERE subject_id = $1 AND student_id % 4 = 0 ON CONFLICT DO NOTHING`,
    [subject, batch],
  );
  const watchedTopic = await first(
    `SELECT t.id FROM topics t WHERE t.chapter_id = $1 AND t.name NOT LIKE 'Bench:%' ORDER BY t.position, t.id LIMIT 1`,
    [subjectChapter],
  );
  // A chapter without the bench's topics: when grown, every grown student of the subject watched each of its topics
  // to the end, so its list is short however many watch rows are read to find that.
  const watchedChapter = await first(
    'SELECT id FROM chapters WHERE subject_id = $1 AND id <> $2 ORDER BY position, id LIMIT 1',
    [subject, subjectChapter],
  );
  // As autovacuum would have by the time anyone asks: the visibility map lets index-only scans skip the heap.
  await db.query('VACUUM ANALYZE');
  return { newTopic, halfTopic, watchedTopic, newQuiz, triedQuiz, batch, subjectChapter, watchedChapter };
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
  const lists = await listSubjects(db, subject);
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
  // CPU a request, which a busy shared machine does not inflate as it does latency: PostgreSQL's backends serving this
  // database (10 ms ticks from /proc, over all rounds) and this process (the server, and the client asking it).
  const backendPids = async () =>
    (
      await db.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'`,
      )
    ).map((row) => row.pid);
  console.log(
    'call'.padEnd(26),
    ...['p50 ms', 'p95 ms', 'bytes', 'db cpu', 'node cpu'].map((head) => head.padStart(8)),
  );
  for (const [label, path, body] of [
    ['catalogue', '/Insights/catalogue', {}],
    ['subject', '/Insights/subject', { subject_id: subject }],
    ['quiz', '/Insights/quiz', { quiz_id: quiz }],
    ['student', '/Insights/student', { stud_id: student }],
    ['not watched (watched)', '/Insights/topic-students', { topic_id: lists.watchedTopic, list: 'not_watched' }],
    ['not watched (new)', '/Insights/topic-students', { topic_id: lists.newTopic, list: 'not_watched' }],
    [
      'not watched (batch)',
      '/Insights/topic-students',
      { topic_id: lists.newTopic, batch_id: lists.batch, list: 'not_watched' },
    ],
    ['not finished', '/Insights/topic-students', { topic_id: lists.halfTopic, list: 'not_finished' }],
    ['quiz figures (tried)', '/Insights/quiz', { quiz_id: lists.triedQuiz }],
    ['not attempted (new)', '/Insights/quiz-students', { quiz_id: lists.newQuiz, list: 'not_attempted' }],
    ['not attempted (tried)', '/Insights/quiz-students', { quiz_id: lists.triedQuiz, list: 'not_attempted' }],
    ['failed', '/Insights/quiz-students', { quiz_id: lists.triedQuiz, list: 'failed' }],
    ['failed (batch)', '/Insights/quiz-students', { quiz_id: lists.triedQuiz, batch_id: lists.batch, list: 'failed' }],
    [
      'chapter: not all watched',
      '/Insights/chapter-students',
      { chapter_id: lists.subjectChapter, list: 'not_watched_all' },
    ],
    [
      'chapter: all watched',
      '/Insights/chapter-students',
      { chapter_id: lists.watchedChapter, list: 'not_watched_all' },
    ],
    [
      'chapter: batch',
      '/Insights/chapter-students',
      { chapter_id: lists.subjectChapter, batch_id: lists.batch, list: 'not_watched_all' },
    ],
    ['chapter: quizzes', '/Insights/chapter-students', { chapter_id: lists.subjectChapter, list: 'not_attempted_all' }],
    ['subject: not all watched', '/Insights/subject-students', { subject_id: subject, list: 'not_watched_all' }],
    [
      'subject: batch',
      '/Insights/subject-students',
      { subject_id: subject, batch_id: lists.batch, list: 'not_watched_all' },
    ],
    ['subject: quizzes', '/Insights/subject-students', { subject_id: subject, list: 'not_attempted_all' }],
    [
      'subject: quizzes, batch',
      '/Insights/subject-students',
      { subject_id: subject, batch_id: lists.batch, list: 'not_attempted_all' },
    ],
    ['authoring: subjects', '/Course/subjects', {}],
    ['authoring: subject', '/Course/subject', { subject_id: subject }],
    ['authoring: quizzes', '/Quiz/list', { chapter_id: chapter }],
    ['authoring: quiz', '/Quiz/get', { id: quiz }],
    ['authoring: schedule', '/Schedule/list', { subject_id: subject }],
  ] as const) {
    const times: number[] = [];
    let bytes = 0;
    const ask = async () => {
      const response = await fetch(base + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Token: token },
        body: JSON.stringify(body),
      });
      bytes = (await response.text()).length;
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    };
    await ask();
    const backends = await backendPids();
    const dbBefore = await processTicks(backends);
    const nodeBefore = process.cpuUsage();
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now();
      await ask();
      times.push(performance.now() - t0);
    }
    const node = process.cpuUsage(nodeBefore);
    const dbTicks = ticksBetween(dbBefore, await processTicks(backends));
    times.sort((a, b) => a - b);
    console.log(
      label.padEnd(26),
      percentile(times, 0.5).toFixed(2).padStart(8),
      percentile(times, 0.95).toFixed(2).padStart(8),
      String(bytes).padStart(8),
      ((dbTicks * 10) / ROUNDS).toFixed(1).padStart(8),
      ((node.user + node.system) / 1000 / ROUNDS).toFixed(1).padStart(8),
    );
  }
  // Each statement's plan: a sequential scan of a table with many rows would grow with the institute.
  const statements: [string, string, unknown[]][] = [
    [
      'not watched',
      `EXPLAIN SELECT s.id FROM enrolments c JOIN students s ON s.id = c.student_id AND s.active WHERE c.subject_id = $1 AND NOT EXISTS (SELECT 1 FROM watch_progress w WHERE w.topic_id = $2 AND w.student_id = c.student_id) ORDER BY lower(s.name), s.id LIMIT 500`,
      [subject, lists.newTopic],
    ],
    [
      'failed',
      `EXPLAIN SELECT s.id FROM batch_members m JOIN enrolments c ON c.student_id = m.student_id AND c.subject_id = $1 JOIN students s ON s.id = c.student_id AND s.active JOIN LATERAL (SELECT count(*) AS n, bool_or(a.result = 'pass') AS passed FROM quiz_attempts a WHERE a.student_id = c.student_id AND a.quiz_id = $3) a ON true WHERE m.batch_id = $2 AND a.n > 0 AND NOT a.passed`,
      [subject, lists.batch, lists.triedQuiz],
    ],
    [
      'last activity',
      `EXPLAIN SELECT (SELECT max(updated_at) FROM watch_progress WHERE student_id = $1), (SELECT max(attended_on) FROM quiz_attempts WHERE student_id = $1)`,
      [student],
    ],
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
  // The lists by name, statement by statement as the server runs them (found by running them): the chapter's and
  // subject's, and one topic's and one quiz's beside them.
  const subjectOf = { subjectId: subject };
  const chapterOf = { subjectId: subject, chapterId: lists.subjectChapter };
  for (const [label, run] of [
    [
      'topic not watched',
      (q) =>
        topicStudentList(q, { id: lists.newTopic, subjectId: subject, durationSeconds: 600 }, undefined, 'not_watched'),
    ],
    ['quiz failed', (q) => quizStudentList(q, { id: lists.triedQuiz, subjectId: subject }, undefined, 'failed')],
    ['chapter watched', (q) => scopeStudentList(q, chapterOf, undefined, 'not_watched_all')],
    ['subject watched', (q) => scopeStudentList(q, subjectOf, undefined, 'not_watched_all')],
    ['subject batch', (q) => scopeStudentList(q, subjectOf, lists.batch, 'not_watched_all')],
    ['subject quizzes', (q) => scopeStudentList(q, subjectOf, undefined, 'not_attempted_all')],
    ['chapter quizzes b.', (q) => scopeStudentList(q, chapterOf, lists.batch, 'not_attempted_all')],
  ] as [string, (q: Queryable) => Promise<unknown>][]) {
    const ran: [string, readonly unknown[]][] = [];
    await run({
      query: (sql, values) => {
        ran.push([sql, values ?? []]);
        return db.query(sql, values);
      },
    });
    ran.forEach(([sql, values], index) => statements.push([`${label} ${index + 1}`, `EXPLAIN ${sql}`, [...values]]));
  }
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
      `plan ${label.padEnd(20)} ${scans.length ? `SEQUENTIAL SCAN of ${scans.join(', ')}` : 'index scans only'}`,
    );
  }
  await app.close();
  await db.close();
}
