import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { Database } from '../src/db/database.ts';
import { type JobQueue, startJobQueue } from '../src/jobs/job-queue.ts';
import { openTestDatabase } from './helper.ts';

const settings = { policy: 'standard', expireInSeconds: 60, retryLimit: 2, retryDelaySeconds: 0 } as const;

describe('the job queue on the portal database', () => {
  let db: Database;
  let jobs: JobQueue;
  beforeAll(async () => {
    db = await openTestDatabase();
    jobs = await startJobQueue({ db, log: pino({ level: 'silent' }), pollingSeconds: 0.5 });
  });
  afterAll(async () => {
    await jobs.stop();
    await db.close();
  });

  it('runs a job sent to it, and tries a failing one again', async () => {
    const seen: string[] = [];
    let failures = 1;
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    await jobs.work<{ word: string }>('test-words', settings, async ({ word }) => {
      if (word === 'flaky' && failures-- > 0) throw new Error('gateway down');
      seen.push(word);
      if (seen.length === 2) done();
    });
    await jobs.send('test-words', { word: 'hello' });
    await db.transaction((tx) => jobs.send('test-words', { word: 'flaky' }, { tx }));
    jobs.wake('test-words');
    await finished;
    expect(seen.sort()).toEqual(['flaky', 'hello']);
  });

  it('installs its tables at the first job, not at start, and finds them at the next start', async () => {
    const jobTables = async (on: Database) => {
      const [row] = await on.query<{ schema: string }>('SELECT current_schema() AS schema');
      const [found] = await on.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM information_schema.schemata WHERE schema_name = $1',
        [`${row?.schema === 'public' ? '' : `${row?.schema}_`}pgboss`],
      );
      return found?.n;
    };
    // The first test's jobs installed them; a fresh database has none until a job is sent.
    const fresh = await openTestDatabase();
    try {
      const queue = await startJobQueue({ db: fresh, log: pino({ level: 'silent' }), pollingSeconds: 0.5 });
      expect(await jobTables(fresh)).toBe(0);
      await expect(fresh.transaction((tx) => queue.send('test-words', { word: 'early' }, { tx }))).rejects.toThrow(
        /ready\(\)/,
      );
      await queue.stop();
    } finally {
      await fresh.close();
    }
    expect(await jobTables(db)).toBe(1);
  });

  it('installs once: a second instance starting on the same tables finds them ready', async () => {
    const second = await startJobQueue({ db, log: pino({ level: 'silent' }), pollingSeconds: 0.5 });
    await second.stop();
  });
});
