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
 */
export async function startJobQueue({ db, log, pollingSeconds }: JobQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    db: pgBossDb(db),
    schema: await jobSchema(db),
    migrate: true,
    supervise: true,
    schedule: false,
    pollingIntervalSeconds: pollingSeconds,
  });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue'));
  await boss.start();
  const stopping = new AbortController();
  const workers = new Map<string, string[]>();
  const wake = (name: string) => {
    for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
  };
  return {
    async work(name, settings, handler) {
      await boss.createQueue(name, {
        name,
        policy: settings.policy,
        expireInSeconds: settings.expireInSeconds,
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
      });
      const id = await boss.work<Parameters<typeof handler>[0]>(
        name,
        { pollingIntervalSeconds: pollingSeconds, batchSize: 1 },
        async (jobs) => {
          for (const job of jobs) await handler(job.data, stopping.signal);
        },
      );
      workers.set(name, [...(workers.get(name) ?? []), id]);
    },
    async send(name, data, options = {}) {
      const { startAfter, tx } = options;
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
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    },
  };
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
