import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, vi } from 'vitest';
import { openPostgres } from '../src/db/postgres.ts';
import { copyTemplate } from './pglite-templates.ts';

const serverRoot = resolve(import.meta.dirname, '..');

export interface SpawnedServer {
  child: ChildProcess;
  port: number;
  /** Everything written to standard output so far. */
  out(): string;
  exited: Promise<number | null>;
}

/** The real server (src/server.ts through tsx) in its own process on a random port, in production mode with `env`. */
export function spawnServer(env: Record<string, string | undefined>): SpawnedServer {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      SMS_PROVIDER: 'log',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', done));
  return { child, port, out: () => out, exited };
}

/** Resolves once the spawned server says it listens; fails at once if it exits first. */
export async function untilListening(server: SpawnedServer): Promise<void> {
  await vi.waitFor(
    () => {
      if (server.child.exitCode !== null)
        throw new Error(`the server exited (${server.child.exitCode}) before it listened`);
      expect(server.out()).toContain('portal on http');
    },
    { timeout: 120_000, interval: 100 },
  );
}

export interface SpawnedPortal extends SpawnedServer {
  /** Signs a staff member in through the console's two calls, reading the code from the outbox; their token. */
  staffToken(mobile: string): Promise<string>;
  /** What it was started with beyond spawnServer's defaults: to run a command line on it, or start it again. */
  env: Record<string, string | undefined>;
  /** Stops the server (SIGKILL if still running) and removes its database and folders. */
  remove(): Promise<void>;
}

/**
 * The real server over the demo data, on the database the tests run on: PostgreSQL in a schema of its own when
 * TEST_DATABASE_URL is set, else an embedded database in a temporary folder (a copy of the run's empty cluster, not
 * a fresh initdb: pglite-templates.ts). Resolves once it listens.
 */
export async function spawnPortal(given: Record<string, string | undefined> = {}): Promise<SpawnedPortal> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-spawned-'));
  const url = process.env.TEST_DATABASE_URL;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = url ? openPostgres(url, { max: 1 }) : undefined;
  let database: string | undefined;
  if (admin && url) {
    await admin.query(`CREATE SCHEMA ${schema}`);
    const withSchema = new URL(url);
    withSchema.searchParams.set('options', `-c search_path=${schema}`);
    database = withSchema.toString();
  } else {
    // The embedded database's folder starts as this run's initdb'd cluster; the server migrates and seeds it.
    await copyTemplate(join(dir, 'pglite'));
  }
  const outbox = join(dir, 'outbox.jsonl');
  const env: Record<string, string | undefined> = {
    DATA_DIR: dir,
    MEDIA_DIR: join(dir, 'media'),
    MATERIALS_DIR: join(dir, 'materials'),
    DATABASE_URL: database,
    SEED_DEMO: 'true',
    SMS_OUTBOX: outbox,
    AUTH_SECRET: 'a-spawned-test-secret-of-at-least-32-characters',
    ...given,
  };
  const server = spawnServer(env);
  await untilListening(server);
  const base = `http://127.0.0.1:${server.port}/console/micros/Staff`;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(base + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { data?: { otp_ref?: string }; token?: string };
  };
  const codeFor = async (mobile: string, before: number) => {
    let code = '';
    await vi.waitFor(
      async () => {
        const lines = (await readFile(outbox, 'utf8').catch(() => '')).split('\n').filter(Boolean).slice(before);
        const text =
          lines.map((line) => JSON.parse(line) as { to: string; text: string }).findLast((m) => m.to === mobile)
            ?.text ?? '';
        code = /\b(\d{4,6})\b/.exec(text)?.[1] ?? '';
        expect(code).not.toBe('');
      },
      { timeout: 10_000, interval: 50 },
    );
    return code;
  };
  return {
    ...server,
    env,
    async staffToken(mobile) {
      const before = (await readFile(outbox, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;
      const sent = await post('/Auth/login', { mobile });
      const verified = await post('/Auth/verifyOTP', {
        otp_ref: sent.data?.otp_ref,
        otp: await codeFor(mobile, before),
      });
      if (!verified.token) throw new Error(`staff sign-in of ${mobile} failed: ${JSON.stringify(verified)}`);
      return verified.token;
    },
    async remove() {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      await server.exited;
      await admin?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      // The job queue's tables beside it (jobs/job-queue.ts).
      await admin?.query(`DROP SCHEMA IF EXISTS ${schema}_pgboss CASCADE`);
      await admin?.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
