// The capacity bench's institute: a fresh database (the demo content) with N students created by the roster import
// (the console's and the command line's importer, run on the database before the server starts), then each signed
// in through the real API from its own loopback address, its code read from the server's SMS outbox.
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { importStudents } from '../src/resources/roster/import/import-students.ts';
import { BATCHES_WITH_SUBJECTS, generatedStudentCsv } from '../test/student-csv-fixture.ts';
import { addressOf, agentFor, post, type Student, type SubjectPlan } from './capacity-load.ts';

export const APPLICATION_NAME = 'portal-capacity-bench';
const SCHEMA = 'bench_capacity';

export interface Institute {
  /** The server's environment for this database. */
  env: Record<string, string>;
  students: Omit<Student, 'token' | 'agent' | 'plan'>[];
  plans: Map<number, SubjectPlan>;
  subjectOf: Map<number, number>;
  importSeconds: number;
}

/** Creates the institute afresh on `kind` (`pglite` in `dataDir`, or `postgres` at `url` in a schema of its own). */
export async function createInstitute(
  kind: string,
  count: number,
  perAddress: number,
  dataDir: string,
  url?: string,
): Promise<Institute> {
  let db: Database;
  let env: Record<string, string>;
  if (kind === 'postgres') {
    const admin = openPostgres(url!, { max: 1 });
    await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await admin.query(`CREATE SCHEMA ${SCHEMA}`);
    await admin.close();
    db = openPostgres(url!, { searchPath: SCHEMA, max: 1 });
    const withSchema = new URL(url!);
    withSchema.searchParams.set('options', `-c search_path=${SCHEMA}`);
    // postgres.js sends its own application_name unless the URL names one; the bench finds its backends by it.
    withSchema.searchParams.set('application_name', APPLICATION_NAME);
    env = { DATABASE_URL: withSchema.toString() };
  } else {
    await rm(dataDir, { recursive: true, force: true });
    await mkdir(dataDir, { recursive: true });
    db = await openPglite(join(dataDir, 'pglite'));
    env = { DATA_DIR: dataDir };
  }
  try {
    await migrate(db);
    await seedDemo(db);
    const csv = generatedStudentCsv(count, await db.query(BATCHES_WITH_SUBJECTS));
    const started = performance.now();
    const { applied } = await importStudents(db, csv, { defaultCountry: 'IN', commit: 'command line' });
    const importSeconds = (performance.now() - started) / 1000;
    if ((applied?.created ?? 0) < count) throw new Error(`the import created ${applied?.created} of ${count} students`);
    const rows = await db.query<{ id: number; mobile: string; subject: number }>(
      `SELECT s.id, s.mobile, min(e.subject_id) AS subject FROM students s JOIN enrolments e ON e.student_id = s.id
        WHERE s.mobile LIKE '7%' GROUP BY s.id, s.mobile ORDER BY s.id`,
    );
    const students = rows.slice(0, count).map((row, index) => ({
      id: row.id,
      mobile: row.mobile,
      address: addressOf(index, perAddress),
      step: 0,
      position: 0,
      attempt: 0,
    }));
    return {
      env,
      students,
      plans: await subjectPlans(db),
      subjectOf: new Map(rows.map((row) => [row.id, row.subject])),
      importSeconds,
    };
  } finally {
    await db.close();
  }
}

/** Each subject's first chapter with a quiz, that chapter's first topic and quiz (its answers come later, from the API). */
async function subjectPlans(db: Database) {
  const rows = await db.query<{ subject: number; chapter: number; quiz: number; topic: number }>(
    `SELECT DISTINCT ON (c.subject_id) c.subject_id AS subject, c.id AS chapter, q.id AS quiz,
            (SELECT t.id FROM topics t WHERE t.chapter_id = c.id ORDER BY t.id LIMIT 1) AS topic
       FROM chapters c JOIN quizzes q ON q.chapter_id = c.id
      WHERE EXISTS (SELECT 1 FROM topics t WHERE t.chapter_id = c.id)
      ORDER BY c.subject_id, c.position, c.id, q.id`,
  );
  return new Map(rows.map((row) => [row.subject, { ...row, submitData: [] } as SubjectPlan]));
}

/** A setup request, tried again (up to 3 times) when its connection failed or timed out on a busy machine. */
async function setupPost(...args: Parameters<typeof post>) {
  let answer = await post(...args);
  for (let retry = 0; retry < 3 && answer.status === 0; retry++) answer = await post(...args);
  return answer;
}

/** Lines of the outbox as {to, text}. */
async function outbox(path: string) {
  return (await readFile(path, 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; text: string });
}

/** Waits for a code to each of `mobiles` in the outbox (written after `skip` lines); code by mobile. */
async function codesFor(path: string, mobiles: string[], skip: number) {
  const deadline = performance.now() + 30_000;
  for (;;) {
    const codes = new Map<string, string>();
    for (const { to, text } of (await outbox(path)).slice(skip)) {
      const code = /\b(\d{4,6})\b/.exec(text)?.[1];
      const mobile = mobiles.find((m) => to.endsWith(m));
      if (code && mobile) codes.set(mobile, code);
    }
    if (codes.size === mobiles.length) return codes;
    if (performance.now() > deadline)
      throw new Error(`codes for ${mobiles.length - codes.size} students never reached the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Signs every student in through Auth/login and Auth/verifyOTP from its own address, `batch` at a time. */
export async function signIn(
  port: number,
  institute: Institute,
  outboxPath: string,
  perAddress: number,
  batch = 50,
): Promise<Student[]> {
  const signed: Student[] = [];
  for (let from = 0; from < institute.students.length; from += batch) {
    const group = institute.students
      .slice(from, from + batch)
      .map((s) => ({ ...s, agent: agentFor(s.address, perAddress) }));
    const skip = (await outbox(outboxPath)).length;
    const refs = await Promise.all(
      group.map(async (s) => {
        const answer = await setupPost(port, '/Auth/login', { mobile: s.mobile, phone_code: '91' }, s.agent);
        const ref = (JSON.parse(answer.body || '{}') as { data?: { otp_ref?: string } }).data?.otp_ref;
        if (answer.status !== 200 || !ref)
          throw new Error(`Auth/login for ${s.mobile} from ${s.address}: ${answer.status} ${answer.body}`);
        return ref;
      }),
    );
    const codes = await codesFor(
      outboxPath,
      group.map((s) => s.mobile),
      skip,
    );
    await Promise.all(
      group.map(async (s, i) => {
        const answer = await setupPost(
          port,
          '/Auth/verifyOTP',
          { otp_ref: refs[i], otp: codes.get(s.mobile) },
          s.agent,
        );
        const token = (JSON.parse(answer.body || '{}') as { token?: string }).token;
        if (!token) throw new Error(`Auth/verifyOTP for ${s.mobile}: ${answer.status} ${answer.body}`);
        signed.push({ ...s, token, plan: institute.plans.get(institute.subjectOf.get(s.id)!)! });
      }),
    );
  }
  return signed;
}

/** Reads each subject's quiz once through the API (the first option of every question), then every student submits once. */
export async function firstAttempts(port: number, students: Student[], batch = 50) {
  for (const plan of new Set(students.map((s) => s.plan))) {
    const student = students.find((s) => s.plan === plan)!;
    const answer = await setupPost(
      port,
      '/Student/get_quiz',
      { stud_id: student.id, quiz_id: plan.quiz },
      student.agent,
      student.token,
    );
    const { data } = JSON.parse(answer.body) as { data: { questions: { question_id: number; options: string[] }[] } };
    plan.submitData = data.questions.map((q) => ({ question_id: q.question_id, answer: q.options[0]! }));
  }
  for (let from = 0; from < students.length; from += batch) {
    await Promise.all(
      students.slice(from, from + batch).map(async (s) => {
        const answer = await setupPost(
          port,
          '/Student/submit_quiz',
          { stud_id: s.id, quiz_id: s.plan.quiz, submit_data: s.plan.submitData },
          s.agent,
          s.token,
        );
        s.attempt = Number(/"attempt_id":(\d+)/.exec(answer.body)?.[1] ?? 0);
        if (!s.attempt)
          throw new Error(`the first submission of ${s.id} failed: ${answer.status} ${answer.body.slice(0, 200)}`);
      }),
    );
  }
}
