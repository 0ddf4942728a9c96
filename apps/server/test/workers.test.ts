import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres } from '../src/db/postgres.ts';
import { spawnServer, type SpawnedServer } from './spawn-server.ts';

const url = process.env.TEST_DATABASE_URL;
const METRICS_TOKEN = 'a-metrics-token-for-the-workers-test';
// Prometheus's own linter (scripts/ensure-promtool.sh installs it in CI).
const promtool = spawnSync('promtool', ['--version']).status === 0;

const startPortal = (env: Record<string, string>) =>
  spawnServer({
    SMS_OUTBOX: join(tmpdir(), `workers-test-${randomBytes(4).toString('hex')}.jsonl`),
    AUTH_SECRET: 'a-workers-test-secret-of-at-least-32-characters',
    METRICS_TOKEN,
    WORKERS: '2',
    ...env,
  });

/** A request on a connection of its own, so the first process hands each to the next worker. */
const healthz = (port: number) =>
  new Promise<number>((done, fail) => {
    const request = get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (response) => {
      response.resume();
      response.on('end', () => done(response.statusCode ?? 0));
    }).on('error', fail);
    request.setTimeout(10_000, () => request.destroy(new Error('/healthz did not answer in 10 s')));
  });

const workersOf = async (pid: number) =>
  (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => ''))
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);

const logLines = (out: string) =>
  out
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg: string; pid: number; req?: { url: string } });

describe.runIf(url)('WORKERS=2 on PostgreSQL: one port served by two processes', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = url ? openPostgres(url, { max: 1 }) : undefined;
  let portal: SpawnedServer;

  beforeAll(async () => {
    await admin!.query(`CREATE SCHEMA ${schema}`);
    const database = new URL(url!);
    database.searchParams.set('options', `-c search_path=${schema}`);
    portal = startPortal({ DATABASE_URL: database.toString() });
    await vi.waitFor(() => expect(portal.out()).toMatch(/portal on http.*2 workers/), {
      timeout: 90_000,
      interval: 100,
    });
  }, 120_000);

  afterAll(async () => {
    if (portal?.child.exitCode === null) portal.child.kill('SIGKILL');
    await admin?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    // The job queue's tables beside it (jobs/job-queue.ts).
    await admin?.query(`DROP SCHEMA IF EXISTS ${schema}_pgboss CASCADE`);
    await admin?.close();
  });

  it('answers from both workers, in whole log lines, and /metrics counts every request whichever worker answered', {
    timeout: 60_000,
  }, async () => {
    const statuses = await Promise.all(Array.from({ length: 30 }, () => healthz(portal.port)));
    expect(statuses.every((status) => status === 200)).toBe(true);

    const metrics = await fetch(`http://127.0.0.1:${portal.port}/metrics`, {
      headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    const count = /portal_http_request_duration_seconds_count\{[^}]*route="\/healthz"[^}]*\} (\d+)/.exec(text);
    expect(Number(count?.[1])).toBe(30);
    // A process's own figures are not summed: each worker's memory, lag and start time under its own label.
    for (const series of [
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'process_start_time_seconds',
    ]) {
      expect(text.match(new RegExp(`^${series}\\{worker="\\d+"\\} `, 'gm')), series).toHaveLength(2);
    }
    if (promtool || process.env.CI) {
      const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
      expect({ status: check.status, said: `${check.stdout}${check.stderr}` }).toEqual({ status: 0, said: '' });
    }

    await expect
      .poll(() => logLines(portal.out()).filter((line) => line.req?.url === '/healthz').length, { timeout: 10_000 })
      .toBe(30);
    const answeredBy = new Set(
      logLines(portal.out())
        .filter((line) => line.req?.url === '/healthz')
        .map((line) => line.pid),
    );
    expect(answeredBy.size).toBe(2);
  });

  it('replaces a worker that dies while the other keeps answering, and stops them all on SIGTERM', {
    timeout: 90_000,
  }, async () => {
    const pid = portal.child.pid!;
    const [victim, survivor] = await workersOf(pid);
    process.kill(victim!, 'SIGKILL');
    // Until the first process has seen the death it may still hand a new connection to the dead worker.
    await expect.poll(portal.out, { timeout: 30_000 }).toContain('a worker stopped; starting another');
    expect(await healthz(portal.port)).toBe(200);
    await expect
      .poll(async () => (await workersOf(pid)).filter((worker) => worker !== victim && worker !== survivor).length, {
        timeout: 60_000,
        interval: 100,
      })
      .toBe(1);
    await expect
      .poll(() => logLines(portal.out()).filter((line) => line.msg === 'worker listening').length, { timeout: 60_000 })
      .toBe(3);

    portal.child.kill('SIGTERM');
    expect(await portal.exited).toBe(0);
    expect(await workersOf(pid)).toEqual([]);
  });

  it('stops, saying why, when its workers cannot start (here: a database that does not exist)', {
    timeout: 90_000,
  }, async () => {
    const missing = new URL(url!);
    missing.pathname = `/no_such_database_${randomBytes(4).toString('hex')}`;
    const broken = startPortal({ DATABASE_URL: missing.toString(), DB_CONNECT_TIMEOUT_SECONDS: '0' });
    expect(await broken.exited).toBe(1);
    expect(broken.out()).toContain('a worker stopped before it could serve');
  });
});
