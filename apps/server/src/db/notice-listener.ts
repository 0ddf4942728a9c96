import type { Database, Queryable } from './database.ts';

/** Memory kept true by the database's notices: it hears each one, and whether notices may be missed. */
export interface NoticeListener {
  onNotice(payload: string): void;
  setListening(listening: boolean): void;
}

/**
 * Creates a listener for `db` and keeps it in `registry` while it hears `channel` (when the database can announce
 * changes at all); returns how to stop.
 */
export async function listenForNotices<L extends NoticeListener>(
  db: Database,
  channel: string,
  registry: WeakMap<Queryable, L>,
  create: () => L,
): Promise<() => Promise<void>> {
  if (!db.listen || registry.has(db)) return async () => {};
  const listener = create();
  const stop = await db.listen(
    channel,
    (payload) => listener.onNotice(payload),
    (listening) => listener.setListening(listening),
  );
  registry.set(db, listener);
  return async () => {
    registry.delete(db);
    listener.setListening(false);
    await stop();
  };
}
