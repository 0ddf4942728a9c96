import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.ts';

/**
 * A 16 MB buffer pool instead of PostgreSQL's 128 MB: a student's calls read a few pages each and the operating
 * system caches the files anyway, while the pool is memory the server holds from the start (docs/decisions/030).
 * Relaxed durability only stops each query from waiting on the file system's sync, which is a no-op for files on
 * disk in Node; every write still reaches the files as before.
 */
const options = { relaxedDurability: true, postgresqlconf: ['shared_buffers=16MB'] };

/** An embedded PostgreSQL: `dataDir` on disk, or in memory when it is undefined (tests). */
export async function openPglite(dataDir?: string): Promise<Database> {
  const pg = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await pg.waitReady;
  const query: Queryable['query'] = async (sql, params) => (await pg.query(sql, params ? [...params] : [])).rows as never;
  return {
    kind: 'pglite',
    query,
    transaction: (work) =>
      pg.transaction((tx) => work({ query: async (sql, params) => (await tx.query(sql, params ? [...params] : [])).rows as never })),
    close: () => pg.close(),
    // One process holds the embedded database, so no notification can be missed.
    listen: async (channel, onMessage, onState) => {
      const stop = await pg.listen(channel, onMessage);
      onState(true);
      return () => stop();
    },
  };
}
