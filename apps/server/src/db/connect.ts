import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import { type LockHolder, lockDataDir } from './data-dir-lock.ts';
import { openPglite } from './pglite.ts';
import { openPgliteThread } from './pglite-thread.ts';
import { openPostgres } from './postgres.ts';
import { checkPostgresQueue } from './postgres-queue-check.ts';

type ConnectConfig = Pick<Config, 'DATABASE_URL' | 'DATA_DIR'> &
  Partial<
    Pick<
      Config,
      | 'DB_POOL_SIZE'
      | 'DB_STATEMENT_TIMEOUT_MS'
      | 'DB_CONNECT_TIMEOUT_SECONDS'
      | 'INSTITUTE_TIMEZONE'
      | 'PGLITE_THREAD'
      | 'PGLITE_FILE_SIZES'
      | 'PGLITE_WIRE'
    >
  >;

/** host:port/database of a connection string, without its password, for messages. */
export const describeDatabase = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
};

/**
 * Opens the database. A PostgreSQL server that does not answer yet (it may be starting beside us) is
 * retried for DB_CONNECT_TIMEOUT_SECONDS, each wait reported through `warn`, before start-up gives up.
 * The embedded database in DATA_DIR is locked for this process (`holder`; the lock goes when it closes), so the
 * server and a command never open it together. `warn` also hears what the start-up checks of the libraries' private
 * internals found: an embedded database's fast path turned off, postgres.js without its patch (console.warn by
 * default; docs/decisions/062).
 */
export async function connect(
  config: ConnectConfig,
  warn?: (message: string) => void,
  holder: LockHolder = 'server',
): Promise<Database> {
  if (!config.DATABASE_URL) return openEmbedded(config, holder, warn ?? console.warn);
  const onRetry = warn ?? (() => {});
  const queue = await checkPostgresQueue();
  if (queue)
    (warn ?? console.warn)(
      `postgres.js is not as patches/postgres+3.4.9.patch leaves it: ${queue}. The server runs, but slows under steady load (docs/decisions/062).`,
    );
  const db = openPostgres(config.DATABASE_URL, {
    max: config.DB_POOL_SIZE,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    timeZone: config.INSTITUTE_TIMEZONE,
  });
  const where = describeDatabase(config.DATABASE_URL);
  const deadline = Date.now() + (config.DB_CONNECT_TIMEOUT_SECONDS ?? 60) * 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      await db.query('SELECT 1');
      return db;
    } catch (error) {
      const reason = error instanceof Error ? error.message || error.name : String(error);
      if (Date.now() >= deadline) {
        await db.close().catch(() => undefined);
        throw new Error(
          `The database at ${where} is not reachable (${reason}); gave up after ${config.DB_CONNECT_TIMEOUT_SECONDS ?? 60} s (DB_CONNECT_TIMEOUT_SECONDS).`,
          { cause: error },
        );
      }
      const wait = Math.min(1000 * attempt, 5000);
      onRetry(`The database at ${where} is not reachable yet (${reason}); trying again in ${wait / 1000} s.`);
      await sleep(wait);
    }
  }
}

async function openEmbedded(
  config: ConnectConfig,
  holder: LockHolder,
  warn: (message: string) => void,
): Promise<Database> {
  await mkdir(config.DATA_DIR, { recursive: true });
  const lock = lockDataDir(config.DATA_DIR, holder);
  try {
    const dir = `${config.DATA_DIR}/pglite`;
    const switches = { fileSizes: config.PGLITE_FILE_SIZES !== 'off', wire: config.PGLITE_WIRE !== 'off' };
    const db =
      config.PGLITE_THREAD === 'off'
        ? await openPglite(dir, undefined, switches, warn)
        : await openPgliteThread(dir, switches, warn);
    // One connection: a session setting holds for every query. Times without an offset mean the institute's zone.
    if (config.INSTITUTE_TIMEZONE) await db.query(`SET TIME ZONE '${config.INSTITUTE_TIMEZONE.replaceAll("'", '')}'`);
    return {
      ...db,
      folder: resolve(config.DATA_DIR),
      async close() {
        await db.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
