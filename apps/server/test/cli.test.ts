import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/pglite.ts';
import { runCliCollected } from './cli-output.ts';
import { copyTemplate } from './pglite-templates.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portal-cli-'));
  // As a fresh initdb leaves it (pglite-templates.ts): the first command still migrates it.
  await copyTemplate(join(dataDir, 'pglite'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** Runs a command line in this process against the embedded database in dataDir; answers exit code and output. */
async function portal(...argv: string[]) {
  return runCliCollected(argv, { DATA_DIR: dataDir, NODE_ENV: 'test' });
}

async function staffRows() {
  const db = await openPglite(join(dataDir, 'pglite'));
  try {
    return await db.query<{ name: string; mobile: string; role: string; actor: string; action: string }>(
      `SELECT s.name, s.mobile, s.role, a.actor, a.action FROM staff s JOIN audit_log a ON a.entity_id = s.id::text ORDER BY s.id`,
    );
  } finally {
    await db.close();
  }
}

// Each command opens the embedded database on disk, which takes seconds (more on a busy machine).
describe('npm run portal', { timeout: 180_000 }, () => {
  it('lists its commands with their usage', async () => {
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'portal', '--', 'help'], {
      cwd: join(import.meta.dirname, '../../..'),
    });
    expect(stdout).toContain('staff add');
    expect(stdout).toContain('--role admin|teacher');
  });

  it('adds the first admin to a fresh embedded database, migrating it, and records it as the command line', async () => {
    const { code, out } = await portal(
      'staff',
      'add',
      '--name',
      'Asha Rao',
      '--mobile',
      '098765 43210',
      '--role',
      'admin',
    );
    expect(code).toBe(0);
    expect(out).toBe('Added Asha Rao (admin), +919876543210: they can sign in at /console.');
    expect(await staffRows()).toEqual([
      { name: 'Asha Rao', mobile: '+919876543210', role: 'admin', actor: 'command line', action: 'staff.add' },
    ]);
  });

  it('refuses a number that is already staff, however it is written', async () => {
    const { code, err } = await portal(
      'staff',
      'add',
      '--name',
      'Asha again',
      '--mobile',
      '+91 98765-43210',
      '--role',
      'teacher',
    );
    expect(code).toBe(1);
    expect(err).toMatch(/^mobile: \+919876543210 already belongs to a staff member/);
    expect(await staffRows()).toHaveLength(1);
  });

  it('names the missing or wrong option, and an unknown one', async () => {
    expect((await portal('staff', 'add', '--name', 'X', '--mobile', '9876500000')).err).toMatch(
      /^--role must be admin or teacher/,
    );
    expect((await portal('staff', 'add', '--mobile', '9876500000', '--role', 'admin')).err).toMatch(
      /^--name is required/,
    );
    const unknown = await portal('staff', 'add', '--nme', 'X');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/Unknown option '--nme'/);
    const nonsense = await portal('staf', 'ad');
    expect(nonsense.code).toBe(1);
    expect(nonsense.err).toMatch(/^Unknown command: staf ad/);
  });

  it('says so clearly when the running server holds the embedded database, and changes nothing', async () => {
    // pid 1 is always alive: as if the server were running.
    await writeFile(join(dataDir, 'portal.lock'), JSON.stringify({ pid: 1, holder: 'server' }));
    const { code, err } = await portal('staff', 'add', '--name', 'Late', '--mobile', '9876500001', '--role', 'teacher');
    expect(code).toBe(2);
    expect(err).toContain('The portal server (pid 1) is running and holds the embedded database');
    await rm(join(dataDir, 'portal.lock'));
    expect(await staffRows()).toHaveLength(1);
  });

  it('takes over a lock left by a server that died', async () => {
    await writeFile(join(dataDir, 'portal.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, holder: 'server' }));
    const { code } = await portal('staff', 'add', '--name', 'Tarun', '--mobile', '9876500002', '--role', 'teacher');
    expect(code).toBe(0);
    expect(await staffRows()).toHaveLength(2);
  });
});
