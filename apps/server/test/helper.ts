import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { demoMaterialsDir, demoMediaDir } from '../src/paths.ts';
import { loggerOptions } from '../src/http/request-logging.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { openPgliteThread } from '../src/db/pglite-thread.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { seedCourses, type DemoCourses } from '../src/db/seed/courses.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { copyTemplate, templateTar, type Template } from './pglite-templates.ts';
import { settlingNotices } from './settled-notices.ts';
import { createSession, createStaffSession } from '../src/sessions/session-repository.ts';
import type { SmsSender } from '../src/sms/sms-sender.ts';
import type { JobQueue } from '../src/jobs/job-queue.ts';
import type { Agent } from 'node:https';

/**
 * A fresh database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * a schema of its own on that PostgreSQL server (dropped at the end), so files can run side by side.
 * The embedded one starts as a copy of this run's `from` template (pglite-templates.ts): `migrated` when the caller
 * migrates it next (its `migrate` then finds nothing to do), `empty` for what must see migrations run. An empty
 * schema on PostgreSQL either way.
 */
export async function openTestDatabase(from: Template = 'empty'): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openPglite(undefined, await templateTar(from));
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(url, { max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = openPostgres(url, { searchPath: schema, max: 4 });
  return {
    ...db,
    async close() {
      await inTurn(`closing ${schema}`, [
        ['its connections', () => db.close()],
        ['DROP SCHEMA', () => dropSchema(admin, schema)],
        ['the admin connection', () => admin.close()],
      ]);
    },
  };
}

/**
 * As openTestDatabase, but the embedded database runs on a thread of its own (in a temporary folder), as the server
 * runs it (docs/decisions/031): for tests that watch the server's event loop, which in-thread PGlite would block.
 */
export async function openThreadedTestDatabase(from: Template = 'empty'): Promise<Database> {
  if (process.env.TEST_DATABASE_URL) return openTestDatabase(from);
  const dir = await mkdtemp(join(tmpdir(), 'portal-test-pglite-'));
  await copyTemplate(join(dir, 'pglite'), from);
  const db = await openPgliteThread(join(dir, 'pglite'));
  return {
    ...db,
    async close() {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Drops a test's schema. Nothing should hold a lock in it once its connections are closed; if something does, the
 * holders are named (so the hang this once was says where it comes from), ended, and the drop tried again.
 */
async function dropSchema(admin: Database, schema: string) {
  await admin.query(`SET lock_timeout = '10s'`);
  try {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  } catch (error) {
    if ((error as { code?: string }).code !== '55P03') throw error;
    const holders = await admin.query<{ pid: number; state: string; query: string }>(
      `SELECT DISTINCT a.pid, a.state, a.query FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
         JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE n.nspname = $1 AND a.pid <> pg_backend_pid()`,
      [schema],
    );
    console.warn(`DROP SCHEMA ${schema} waited 10 s on locks held by`, holders);
    await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [holders.map((h) => h.pid)]);
    await admin.query(`SET lock_timeout = 0`);
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  }
  // The job queue's tables, in a schema named after the test's (jobs/job-queue.ts).
  await admin.query(`DROP SCHEMA IF EXISTS ${schema}_pgboss CASCADE`);
}

/** Runs the steps of a close in turn, naming on stderr any still running after 15 s: a hang then says where it is. */
async function inTurn(what: string, steps: [string, () => Promise<unknown>][]) {
  for (const [name, step] of steps) {
    const timer = setTimeout(
      () =>
        console.warn(
          `${what}: still waiting for ${name} after 15 s; open: ${process.getActiveResourcesInfo().join(', ')}`,
        ),
      15_000,
    );
    try {
      await step();
    } finally {
      clearTimeout(timer);
    }
  }
}

export interface TestApp {
  url: string;
  /** The test's handle: after a change it waits until the server has heard the change's notices (settled-notices.ts). */
  db: Database;
  /** The server's own handle, which its caches are kept by. */
  serverDb: Database;
  config: Config;
  demo: DemoCourses;
  /** The server's job queue (a class reminder's SMS is queued on it). */
  jobs: JobQueue;
  /** A live session token for a student, as sign-in would give. */
  tokenFor(studentId: number): Promise<string>;
  /** A live console session token for an active staff member of that role (created when there is none). */
  staffTokenFor(role: 'admin' | 'teacher'): Promise<string>;
  /** Resolves when every sign-in code asked for so far has been handed to the SMS sender (they go after the answer). */
  smsSent(): Promise<void>;
  /** POSTs JSON to a console API path (e.g. `/Members/list`) over real HTTP. */
  consolePost(path: string, body: unknown, token?: string): Promise<{ status: number; body: any }>;
  /** POSTs JSON to an API path (e.g. `/Student/subjects`) over real HTTP. */
  post(path: string, body: unknown, token?: string): Promise<{ status: number; body: any }>;
  get(path: string, token?: string): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/**
 * The whole server on a random local port over a fresh database, with the demo data
 * (`seed: 'demo'`, the default) or just the demo students and courses (`seed: 'courses'`).
 */
export async function startTestApp(
  options: {
    seed?: 'demo' | 'courses';
    env?: Record<string, string>;
    sms?: SmsSender;
    /** The HTTPS agent of Web Push (push.test.ts: one that trusts its stand-in push service). */
    pushAgent?: Agent;
    /** The clock of reminders and notices. */
    now?: () => Date;
    /** Collects the server's JSON log lines (level info and up) here. */
    logLines?: string[];
    /** The embedded database on a thread of its own, as the server runs it (openThreadedTestDatabase). */
    threadedDatabase?: boolean;
  } = {},
): Promise<TestApp> {
  // The demo files as they are in the code tree, unless a test gives folders of its own (nothing writes to these).
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'test-secret',
    MEDIA_DIR: demoMediaDir,
    MATERIALS_DIR: demoMaterialsDir,
    // No background encoding unless a test asks for it (video-ladder.test.ts): ffmpeg is slow and CI is shared.
    ENCODE_CONCURRENCY: '0',
    ...options.env,
  });
  const db = options.threadedDatabase ? await openThreadedTestDatabase('migrated') : await openTestDatabase('migrated');
  await migrate(db);
  let demo: DemoCourses;
  if ((options.seed ?? 'demo') === 'demo') {
    await seedDemo(db);
    demo = await readDemoCourses(db);
  } else {
    demo = await db.transaction((tx) => seedCourses(tx));
  }
  const lines = options.logLines;
  const logger = lines
    ? { ...loggerOptions(config), level: 'info', stream: { write: (line: string) => void lines.push(line) } }
    : false;
  const { serverDb, testDb, settle } = settlingNotices(db);
  const app = await buildApp({
    config,
    db: serverDb,
    logger,
    sms: options.sms,
    pushAgent: options.pushAgent,
    now: options.now,
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const api = address + config.API_BASE;

  const send = async (method: string, path: string, body: unknown, token?: string, base = api) => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Token = token;
    const response = await fetch(base + path, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    // Codes are texted after the answer; the test reads its outbox as a student reads the SMS that follows.
    await app.smsQueue.idle();
    // A staff change shows to students once its notice is heard (settled-notices.ts).
    if (base !== api) await settle();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: the raw text is what the test sees.
    }
    return { status: response.status, body: parsed as any };
  };

  return {
    url: address,
    db: testDb,
    serverDb,
    config,
    demo,
    jobs: app.jobs,
    tokenFor: (studentId) => createSession(db, studentId, 1),
    staffTokenFor: async (role) => createStaffSession(db, await staffWithRole(db, role), 1),
    smsSent: () => app.smsQueue.idle(),
    consolePost: (path, body, token) => send('POST', path, body, token, address + config.CONSOLE_API_BASE),
    post: (path, body, token) => send('POST', path, body, token),
    get: (path, token) => send('GET', path, undefined, token),
    async close() {
      await inTurn('closing the test server', [
        [
          'the server (its onClose hooks)',
          async () => {
            const closing = app.close();
            // The test has had its answers: a keep-alive connection still busy as the close begins would otherwise
            // be left open until Fastify's keepAliveTimeout, 72 s (CI saw closes of 65 s, past the hook timeout).
            app.server.closeAllConnections();
            await closing;
          },
        ],
        ['its database', () => db.close()],
      ]);
    },
  };
}

/** The id of an active staff member of the role, adding one when the database has none. */
export async function staffWithRole(db: Database, role: 'admin' | 'teacher'): Promise<number> {
  const [found] = await db.query<{ id: number }>(
    'SELECT id FROM staff WHERE role = $1 AND active ORDER BY id LIMIT 1',
    [role],
  );
  if (found) return found.id;
  const mobile = `+9199${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const [added] = await db.query<{ id: number }>(
    'INSERT INTO staff (name, mobile, role) VALUES ($1, $2, $3) RETURNING id',
    [`Test ${role}`, mobile, role],
  );
  return added!.id;
}

/** The demo students and courses as seedDemo stored them. */
async function readDemoCourses(db: Database): Promise<DemoCourses> {
  const students = await db.query<{ id: number; mobile: string }>('SELECT id, mobile FROM students ORDER BY id');
  const subjects = await db.query<{ id: number; name: string }>('SELECT id, name FROM subjects ORDER BY position, id');
  const chapters = await db.query<{ id: number; name: string; subject_id: number }>(
    'SELECT id, name, subject_id FROM chapters ORDER BY position, id',
  );
  return {
    demoStudentId: students.find((s) => s.mobile === '9876543210')!.id,
    otherStudentId: students.find((s) => s.mobile === '9123456780')!.id,
    subjects: subjects.map((s) => ({
      ...s,
      chapters: chapters.filter((c) => c.subject_id === s.id).map((c) => ({ id: c.id, name: c.name, subjectId: s.id })),
    })),
  };
}

/** The server over the demo data, with the demo student's id and a live session token for them. */
export async function startDemoSession(): Promise<{ t: TestApp; me: number; token: string }> {
  const t = await startTestApp();
  const me = t.demo.demoStudentId;
  return { t, me, token: await t.tokenFor(me) };
}

/** Asks until the call is refused; a notice from the database may take a moment to arrive from another connection. */
export async function refusedWithin(ms: number, call: () => Promise<{ status: number }>) {
  const deadline = Date.now() + ms;
  let status = (await call()).status;
  while (status !== 401 && Date.now() < deadline) {
    await new Promise((resolve) => setImmediate(resolve));
    status = (await call()).status;
  }
  return status;
}
