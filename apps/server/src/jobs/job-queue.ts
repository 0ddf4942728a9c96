import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/database.ts';
import { pgBossDb } from './pg-boss-db.ts';

/** How a queue's jobs are run: see pg-boss's queue options. */
export interface QueueSettings {
  /** `singleton`: one job of the queue runs at a time across every instance; `standard`: as many as workers fetch. */
  policy: 'standard' | 'singleton';
  /** A job still running after this long is taken as lost (its instance died) and tried again. */
  expireInSeconds: number;
  /** Tries after the first when the handler throws or the job expires. */
  retryLimit: number;
  retryDelaySeconds: number;
}

/** A job's handler; `stopping` aborts when the server stops, so a long job ends its turn early and queues the rest. */
export type JobHandler<Data> = (data: Data, stopping: AbortSignal) => Promise<void>;

/** The server's PostgreSQL job queue (pg-boss, docs/decisions/068), shared by every feature that runs work later. */
export interface JobQueue {
  /** Declares a queue (once per instance, before sending to it) and works its jobs on this instance. */
  work<Data extends object>(name: string, settings: QueueSettings, handler: JobHandler<Data>): Promise<void>;
  /** Installs the queue's tables if this is the first job ever: call it before `send` with `tx`. */
  ready(): Promise<void>;
  /** Adds a job; with `tx`, in that transaction, so the job exists exactly when the change that asked for it does. */
  send(name: string, data: object, options?: { startAfter?: Date; tx?: Queryable }): Promise<void>;
  /** Has this instance's workers of the queue look for jobs now (after the transaction that sent one committed). */
  wake(name: string): void;
  /** Stops fetching, lets running jobs end their turn (at most `timeoutMs`), and leaves the database open. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobQueueOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** How often an idle worker asks for a job (at least 0.5 s; a job sent from this instance wakes it at once). */
  pollingSeconds: number;
}

/**
 * Starts pg-boss on the portal's database: installs or upgrades its tables (under its own advisory lock, so several
 * instances may start together), and runs its maintenance (expiring lost jobs, archiving and deleting old ones).
 * A portal whose database has no job tables yet starts pg-boss at its first job: the install takes about 3 s on the
 * embedded database, which a portal that never queues anything (and every API test file) need not pay.
 */
export async function startJobQueue({ db, log, pollingSeconds }: JobQueueOptions): Promise<JobQueue> {
  const schema = await jobSchema(db);
  const stopping = new AbortController();
  const workers = new Map<string, string[]>();
  const declared: Registration[] = [];
  let starting: Promise<PgBoss> | undefined;

  const register = async (boss: PgBoss, { name, settings, handler }: Registration) => {
    await boss.createQueue(name, {
      name,
      policy: settings.policy,
      expireInSeconds: settings.expireInSeconds,
      retryLimit: settings.retryLimit,
      retryDelay: settings.retryDelaySeconds,
    });
    const id = await boss.work<object>(name, { pollingIntervalSeconds: pollingSeconds, batchSize: 1 }, async (jobs) => {
      for (const job of jobs) await handler(job.data, stopping.signal);
    });
    workers.set(name, [...(workers.get(name) ?? []), id]);
  };
  const begin = () =>
    (starting ??= (async () => {
      const boss = new PgBoss({
        db: pgBossDb(db),
        schema,
        migrate: true,
        supervise: true,
        schedule: false,
        pollingIntervalSeconds: pollingSeconds,
      });
      boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue'));
      await boss.start();
      for (const registration of declared) await register(boss, registration);
      return boss;
    })());
  const wake = (name: string) => {
    if (!starting) return;
    void starting.then((boss) => {
      for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
    });
  };
  if (await installed(db, schema)) await begin();

  return {
    async work(name, settings, handler) {
      const registration = { name, settings, handler: handler as JobHandler<object> };
      if (starting) await register(await starting, registration);
      else declared.push(registration);
    },
    ready: async () => void (await begin()),
    async send(name, data, options = {}) {
      const { startAfter, tx } = options;
      // Installing inside the caller's transaction would wait for it on the embedded database's one connection.
      if (tx && !starting) throw new Error(`job queue: call ready() before sending ${name} in a transaction`);
      const boss = await begin();
      await boss.send(name, data, {
        ...(startAfter ? { startAfter } : {}),
        ...(tx ? { db: { executeSql: async (text, values) => ({ rows: await tx.query(text, values) }) } } : {}),
      });
      // The transaction commits after this returns; a worker woken too soon finds nothing and polls again.
      if (!tx) wake(name);
    },
    wake,
    async stop(timeoutMs = 10_000) {
      stopping.abort();
      if (!starting) return;
      const boss = await starting;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    },
  };
}

interface Registration {
  name: string;
  settings: QueueSettings;
  handler: JobHandler<object>;
}

async function installed(db: Database, schema: string): Promise<boolean> {
  const [row] = await db.query<{ present: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM information_schema.schemata WHERE schema_name = $1) AS present',
    [schema],
  );
  return row?.present === true;
}

/**
 * pg-boss's tables go in a schema of their own beside the portal's: `pgboss` beside `public`, and beside a test's
 * schema one named after it (test/helper.ts drops both), so test files running side by side keep their jobs apart.
 */
async function jobSchema(db: Database): Promise<string> {
  const [row] = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  const schema = row?.schema ?? 'public';
  return schema === 'public' ? 'pgboss' : `${schema}_pgboss`;
}
