import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCollected } from './cli-output.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { prepareFileFolders } from '../src/media/folders.ts';
import { copyTemplate } from './pglite-templates.ts';
import { spawnServer } from './spawn-server.ts';
import { statusOf } from './status-of.ts';

let dir: string;
const installation = (name: string) => ({
  DATA_DIR: join(dir, `${name}-data`),
  MEDIA_DIR: join(dir, `${name}-media`),
  MATERIALS_DIR: join(dir, `${name}-materials`),
  NODE_ENV: 'test',
});

async function portal(env: Record<string, string>, ...argv: string[]) {
  return runCliCollected(argv, env);
}

async function studentsOf(env: { DATA_DIR: string }) {
  const db = await openPglite(join(env.DATA_DIR, 'pglite'));
  try {
    return await db.query<{ name: string; mobile: string }>('SELECT name, mobile FROM students ORDER BY id');
  } finally {
    await db.close();
  }
}

// Each command opens an embedded database on disk, which takes seconds (more on a busy machine).
describe('npm run portal -- backup / restore', { timeout: 180_000 }, () => {
  const source = () => installation('source');
  const fresh = () => installation('fresh');
  const archive = () => join(dir, 'portal-backup.tar.gz');

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-cli-backup-'));
    await prepareFileFolders({ ...source(), SEED_DEMO: true });
    await mkdir(source().DATA_DIR, { recursive: true });
    // The run's initdb'd clusters (pglite-templates.ts): the source as migrated, the restores' as a fresh initdb left them.
    await copyTemplate(join(source().DATA_DIR, 'pglite'), 'migrated');
    await copyTemplate(join(fresh().DATA_DIR, 'pglite'));
    await copyTemplate(join(installation('elsewhere').DATA_DIR, 'pglite'));
    const db = await openPglite(join(source().DATA_DIR, 'pglite'));
    await migrate(db);
    await seedDemo(db);
    await db.close();
  }, 180_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes one archive and restores it into a fresh installation with the same students and files', async () => {
    const written = await portal(source(), 'backup', archive());
    expect(written.code).toBe(0);
    expect(written.out).toMatch(/^Wrote .*portal-backup\.tar\.gz: \d+ rows in \d+ tables/);

    const restored = await portal(fresh(), 'restore', archive());
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    const students = await studentsOf(fresh());
    expect(students.length).toBeGreaterThan(0);
    expect(students).toEqual(await studentsOf(source()));
    expect((await readdir(fresh().MATERIALS_DIR)).sort()).toEqual((await readdir(source().MATERIALS_DIR)).sort());
  });

  it('refuses to restore over an installation that has students, and says why', async () => {
    const again = await portal(fresh(), 'restore', archive());
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/^This installation is not empty \(it has students: 2\): restore into a fresh database/);
  });

  it('names a missing archive instead of failing with a stack', async () => {
    const missing = await portal(fresh(), 'restore', join(dir, 'nope.tar.gz'));
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/nope\.tar\.gz does not exist or cannot be read/);
  });

  // A server to start, and three commands: minutes on a machine busy with other test files.
  it('writes the backup through the running server that holds the embedded database, which goes on serving', {
    timeout: 400_000,
  }, async () => {
    const server = spawnServer({
      ...source(),
      DATABASE_URL: undefined,
      AUTH_SECRET: 'a-backup-test-secret-of-at-least-32-characters',
    });
    try {
      await expect.poll(() => server.out().includes('portal on http'), { timeout: 120_000, interval: 100 }).toBe(true);
      // Its way in is readable by its owner only.
      expect((await stat(join(source().DATA_DIR, 'local-admin.json'))).mode & 0o777).toBe(0o600);

      const file = join(dir, 'while-serving.tar.gz');
      const written = await portal(source(), 'backup', file);
      expect(written.err).toBe('');
      expect(written.code).toBe(0);
      expect(written.out).toMatch(
        /^Wrote .*while-serving\.tar\.gz: \d+ rows in \d+ tables, .*\(Written by the running server\.\)$/,
      );
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(await statusOf(`http://127.0.0.1:${server.port}/healthz`)).toBe(200);

      // Nobody without the token on this machine's disk can ask for one.
      const { url } = JSON.parse(await readFile(join(source().DATA_DIR, 'local-admin.json'), 'utf8')) as {
        url: string;
      };
      const stranger = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer guess' },
        body: JSON.stringify({ file: join(dir, 'x.tar.gz') }),
      });
      expect(stranger.status).toBe(401);
      // The owner's call with a name the server cannot place (its own working folder is not the caller's).
      const { token } = JSON.parse(await readFile(join(source().DATA_DIR, 'local-admin.json'), 'utf8')) as {
        token: string;
      };
      const relative = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ file: 'x.tar.gz' }),
      });
      expect(relative.status).toBe(400);
      expect(await relative.json()).toEqual({ status: false, message: 'Name the archive by its absolute path.' });

      const elsewhere = installation('elsewhere');
      expect((await portal(elsewhere, 'restore', file)).code).toBe(0);
      expect(await studentsOf(elsewhere)).toEqual(await studentsOf(fresh()));
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
