import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runCliCollected } from './cli-output.ts';
import { loadConfig } from '../src/config.ts';
import { connect } from '../src/db/connect.ts';
import { type SpawnedServer, spawnPortal, spawnServer } from './spawn-server.ts';

/** The command line on the spawned installation. */
const portal = (env: Record<string, string | undefined>, ...argv: string[]) => runCliCollected(argv, env);

const stopped = async (server: SpawnedServer) => {
  server.child.kill('SIGTERM');
  await server.exited;
};

// A server started twice and four commands: minutes on a machine busy with other test files.
it('goes live from the demo: own admin, demo removed, and a restart brings back neither its rows nor its files', {
  timeout: 400_000,
}, async () => {
  const installation = await spawnPortal();
  const env: Record<string, string | undefined> = { NODE_ENV: 'production', SMS_PROVIDER: 'log', ...installation.env };
  try {
    expect(await readdir(join(env.MATERIALS_DIR!, ''))).toContain('sets-worksheet.pdf');
    if (!env.DATABASE_URL) {
      // The embedded database is the running server's: the command says so and does nothing.
      const busy = await portal(env, 'demo', 'remove', '--commit');
      expect(busy.code).toBe(2);
      expect(busy.err).toMatch(/The portal server \(pid \d+\) is running .* Stop the server first/);
    }
    await stopped(installation);

    expect(
      (await portal(env, 'staff', 'add', '--name', 'Nisha Principal', '--mobile', '+919811122222', '--role', 'admin'))
        .code,
    ).toBe(0);
    const removed = await portal(env, 'demo', 'remove', '--commit');
    expect(removed.out).toMatch(/Removed the demo data and \d+ demo files/);
    expect(removed.code).toBe(0);
    expect(await readdir(env.MATERIALS_DIR!)).toEqual([]);

    // SEED_DEMO is still true: the server seeds nothing and copies no demo file into the emptied folder.
    const again = spawnServer(env);
    try {
      await expect.poll(() => again.out().includes('portal on http'), { timeout: 120_000, interval: 100 }).toBe(true);
    } finally {
      await stopped(again);
    }
    expect(await readdir(env.MATERIALS_DIR!)).toEqual([]);
    const db = await connect(loadConfig(env), undefined, 'command line');
    try {
      expect(await db.query('SELECT count(*)::int AS n FROM students')).toEqual([{ n: 0 }]);
      expect(await db.query('SELECT count(*)::int AS n FROM subjects')).toEqual([{ n: 0 }]);
      expect(await db.query('SELECT name FROM staff WHERE active')).toEqual([{ name: 'Nisha Principal' }]);
    } finally {
      await db.close();
    }
  } finally {
    await installation.remove();
  }
});
