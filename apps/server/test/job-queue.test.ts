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

  it('installs once: a second instance starting on the same tables finds them ready', async () => {
    const second = await startJobQueue({ db, log: pino({ level: 'silent' }), pollingSeconds: 0.5 });
    await second.stop();
  });
});
