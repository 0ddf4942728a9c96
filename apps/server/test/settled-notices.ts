import type { Database, Queryable } from '../src/db/database.ts';

const WRITE = /^\s*(insert|update|delete|truncate|with|merge|alter|drop)\b/i;
const SETTLE = 'test-settled:';

/**
 * On PostgreSQL the server hears a change's notice on its own connection, a moment after the change commits
 * (sessions/session-cache.ts). A test that changes rows and then asks at once would race that moment; a student
 * cannot. So the test's database handle waits after each change until the server has heard every notice sent before
 * it: notices reach a listener in commit order, so the server hearing a marker sent afterwards means it heard them all.
 * The markers never reach the server's cache. PGlite hands notices over before the change's query returns.
 */
export function settlingNotices(db: Database): { serverDb: Database; testDb: Database; settle: () => Promise<void> } {
  const listen = db.listen;
  if (db.kind !== 'postgres' || !listen) return { serverDb: db, testDb: db, settle: async () => {} };
  const channels = new Set<string>();
  const waiting = new Map<string, () => void>();
  let count = 0;

  const serverDb: Database = {
    ...db,
    listen: async (channel, onMessage, onState) => {
      const stop = await listen(
        channel,
        (payload) => {
          if (!payload.startsWith(SETTLE)) return onMessage(payload);
          waiting.get(`${channel} ${payload}`)?.();
          waiting.delete(`${channel} ${payload}`);
        },
        onState,
      );
      channels.add(channel);
      return async () => {
        channels.delete(channel);
        await stop();
      };
    },
  };

  const settle = async () => {
    await Promise.all(
      [...channels].map(async (channel) => {
        const payload = `${SETTLE}${++count}`;
        const heard = new Promise<void>((resolve) => waiting.set(`${channel} ${payload}`, resolve));
        await db.query('SELECT pg_notify($1, $2)', [channel, payload]);
        await heard;
      }),
    );
  };

  const testDb: Database = {
    ...db,
    async query<Row>(sql: string, params?: readonly unknown[]) {
      const rows = await db.query<Row>(sql, params);
      if (WRITE.test(sql)) await settle();
      return rows;
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      const result = await db.transaction(work);
      await settle();
      return result;
    },
  };
  return { serverDb, testDb, settle };
}
