import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** The built server, as `npm start` and `npm run serve` run it: the journeys test what an institute runs. */
const builtServer = join(root, 'apps/server/dist/server.js');

/**
 * The real server, built, serving the built web app in `webDist`, with a fresh embedded database holding the demo
 * data (or E2E_DATABASE_URL's, unless `embedded`), on a free port. Every test file shares the one global-setup.ts
 * starts; a test that must change the app's files starts its own on a copy. `template` (from preparePortalTemplate):
 * the embedded database and its files start as a copy of it, already migrated and seeded.
 */
export async function startPortal(
  webDist: string,
  {
    embedded = false,
    env = {},
    template,
  }: { embedded?: boolean; env?: Record<string, string>; template?: string } = {},
) {
  checkBuilt(webDist);
  const dir = await mkdtemp(join(tmpdir(), 'portal-e2e-'));
  const external = !embedded && process.env.E2E_DATABASE_URL;
  // Not the lock of the server that made it (it stopped), nor its texts: a fresh portal's own.
  if (template && !external)
    await cp(template, dir, { recursive: true, filter: (from) => !/(portal\.lock|sms-outbox\.jsonl)$/.test(from) });
  const server = await startServer(
    dir,
    {
      ...portalEnv(dir, webDist),
      // Unset (not empty) without E2E_DATABASE_URL: the server then uses its embedded database.
      DATABASE_URL: external || undefined,
      // A journey's own settings (e.g. a tiny budget of registration codes).
      ...env,
    },
    builtServer,
  );
  return { baseUrl: server.baseUrl, outbox: join(dir, 'sms-outbox.jsonl'), stop: server.stop };
}

/**
 * An embedded database migrated and seeded with the demo data, and the demo's files, in a folder of its own (the
 * caller removes it): startPortal's `template`. A portal started from a copy skips PGlite's initdb, the migrations and
 * the seed: about 6 CPU seconds instead of 13 (measured on a busy 2-core machine) for each file's own portal.
 */
export async function preparePortalTemplate(webDist: string) {
  checkBuilt(webDist);
  const dir = await mkdtemp(join(tmpdir(), 'portal-e2e-template-'));
  const server = await startServer(dir, portalEnv(dir, webDist), builtServer);
  await server.stop({ keepData: true });
  return dir;
}

function checkBuilt(webDist: string) {
  if (!existsSync(join(webDist, 'index.html')) || !existsSync(builtServer))
    throw new Error('Build the web app and the server first: npm run build');
}

const portalEnv = (dir: string, webDist: string) => ({
  // Folders of their own (filled with the demo files at start), so an import in a journey never writes into the code tree.
  MEDIA_DIR: join(dir, 'media'),
  MATERIALS_DIR: join(dir, 'materials'),
  SEED_DEMO: 'true',
  SMS_OUTBOX: join(dir, 'sms-outbox.jsonl'),
  WEB_DIST: webDist,
});

/**
 * A server in its own process, production settings, on a free port with its data in `dir` (removed by `stop`),
 * answering /healthz when this resolves: `entry` (the server's source, unless a bench compares an older one, or the
 * built server) with `env` over the defaults (texts only logged, embedded database unless DATABASE_URL is given).
 */
export async function startServer(
  dir: string,
  env: Record<string, string | undefined>,
  entry = 'apps/server/src/server.ts',
) {
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [...(entry.endsWith('.ts') ? ['--import', 'tsx'] : ['--enable-source-maps']), entry],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dir,
        SMS_PROVIDER: 'log',
        SEED_DEMO: 'false',
        AUTH_SECRET: 'end-to-end-tests-end-to-end-tests',
        LOG_LEVEL: 'warn',
        DATABASE_URL: undefined,
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${baseUrl}/healthz`, server);
  } catch (error) {
    // Not left running behind the failure (and its folder not left behind either).
    server.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    pid: server.pid!,
    /** Stops the server (gracefully: the embedded database is closed whole) and removes `dir`, unless `keepData`. */
    async stop({ keepData = false } = {}) {
      server.kill('SIGTERM');
      await new Promise((done) => (server.exitCode === null ? server.once('exit', done) : done(null)));
      if (!keepData) await rm(dir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

async function waitUntilUp(url: string, server: ReturnType<typeof spawn>) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer ${url} within 120 s`);
}
