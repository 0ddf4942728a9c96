import cluster from 'node:cluster';
import { performance } from 'node:perf_hooks';
import { buildApp } from './app.ts';
import { offerLocalBackup } from './backup/local-backup.ts';
import type { Config } from './config.ts';
import { connect } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { demoWasRemoved, seedDemo } from './db/seed/index.ts';
import { prepareFileFolders } from './media/index.ts';
import { fillNameKeys } from './resources/roster/fill-name-keys.ts';
import { say } from './start-log.ts';

/** One serving process: the only one, or a worker of several (WORKERS). Migrates, seeds, listens, stops on a signal. */
export async function serve(config: Config, serving: string) {
  let db = await connect(config, (message) => say(40, message));
  const migrated = await migrate(db);
  const filled = await fillNameKeys(db);
  // Once, after a fill: its old row versions and index entries go, so searches do not step over them.
  if (filled > 0) await db.query('VACUUM (ANALYZE) students');
  // A folder the demo's removal left empty is not given the demo's files again.
  await prepareFileFolders({ ...config, SEED_DEMO: config.SEED_DEMO && !(await demoWasRemoved(db)) });
  const seeded = config.SEED_DEMO && (await seedDemo(db));
  if (db.kind === 'pglite') {
    // PGlite runs no autovacuum, so its planner would never learn the tables' sizes; a second or two at start does it.
    await db.query('ANALYZE');
    // Its WebAssembly memory only grows: after migrating or seeding, a fresh thread serves in half the memory (decision 031).
    if (migrated.length > 0 || filled > 0 || seeded) {
      await db.close();
      db = await connect(config);
    }
  }
  const app = await buildApp({ config, db });
  // Only this process may open the embedded database, so it writes the command line's backups (decision 052).
  const localBackup = db.kind === 'pglite' ? offerLocalBackup(app, config) : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const started = performance.now();
    await app.stopGracefully();
    await app.close();
    app.log.info({ stopMs: Math.round(performance.now() - started) }, 'stopped');
    await db.close();
    process.exit(0);
  };
  // A promise nobody awaited must not take the whole portal down with it: log it and keep serving.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  await localBackup?.announce(app.server.address());
  const startMs = Math.round(performance.now());
  // A worker's port is shared; the first process says when the portal is up, once every worker listens.
  if (cluster.isWorker) app.log.info({ startMs }, 'worker listening');
  else app.log.info({ startMs }, `portal on http://localhost:${config.PORT} (${db.kind}, ${serving})`);
}
