import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.ts';
import { allOn, pgliteOptions as options } from './pglite-options.ts';
import { rememberFileSizes } from './pglite-file-sizes.ts';
import { preparedQueries } from './pglite-statements.ts';

/**
 * An embedded PostgreSQL in this thread: `dataDir` on disk, or in memory when it is undefined (tests). The server
 * opens its database on a thread of its own instead (pglite-thread.ts). `start` is a data folder's tar
 * (PGlite's dumpDataDir) to begin from instead of running initdb: tests share one made once per run.
 */
export async function openPglite(
  dataDir?: string,
  start?: Blob,
  switches = allOn,
  warn: (message: string) => void = console.warn,
): Promise<Database> {
  const settings = start ? { ...options, loadDataDir: start } : options;
  const pg = dataDir ? new PGlite(dataDir, settings) : new PGlite(settings);
  await pg.waitReady;
  if (dataDir && switches.fileSizes) rememberFileSizes(pg, warn);
  const { query: prepared, listen } = await preparedQueries(pg, { wire: switches.wire, warn });
  const query: Queryable['query'] = (sql, params) => prepared(sql, params);
  return {
    kind: 'pglite',
    query,
    transaction: (work) => pg.transaction((tx) => work({ query: (sql, params) => prepared(sql, params, tx) })),
    close: () => pg.close(),
    // One process holds the embedded database, so no notification can be missed.
    listen: async (channel, onMessage, onState) => {
      const stop = await listen(channel, onMessage);
      onState(true);
      return () => stop();
    },
  };
}
