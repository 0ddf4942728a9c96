import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.ts';

/** An embedded PostgreSQL: `dataDir` on disk, or in memory when it is undefined (tests). */
export async function openPglite(dataDir?: string): Promise<Database> {
  const pg = dataDir ? new PGlite(dataDir) : new PGlite();
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
