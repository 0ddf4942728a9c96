/** What repositories need from a database: PostgreSQL's SQL, whether embedded (PGlite) or a server (pg). */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

/**
 * Begins a statement that PostgreSQL plans with its values every time it runs: db/postgres.ts never prepares it. A
 * prepared statement may settle on a generic plan, made without the values; for a statement whose good plan depends
 * on how many rows its values select, that plan's guess of a few rows can nest a loop over thousands (a chapter's list
 * of a batch took 20 s instead of 0.2 s, docs/decisions/066).
 */
export const PLANNED_EACH_TIME = '/* planned each time */ ';

export interface Database extends Queryable {
  /** Runs `work` in one transaction: all of it is stored, or none of it. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `work` on one connection of its own, outside any transaction (a migration that builds an index
   * concurrently, holding a session lock). Without it, `query` is one connection already (the embedded database).
   */
  session?<T>(work: (connection: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel` (from any instance, once its transaction
   * commits); `onState(false)` when notifications may be missed (a lost connection), `onState(true)` when listening
   * (again). Resolves once listening; the function it returns stops.
   */
  listen?(
    channel: string,
    onMessage: (payload: string) => void,
    onState: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  readonly kind: 'pglite' | 'postgres';
  /** Connections of a pool (PostgreSQL), from the statements in flight; the embedded database has none. */
  poolStats?(): { inUse: number; idle: number; waiting: number };
  /** Why the PostgreSQL server is out of reach (statements then fail at once with DatabaseUnavailable), or undefined. */
  unreachable?(): string | undefined;
  /** The folder the embedded database lives in (DATA_DIR), which must stay writable; none for PostgreSQL or in memory. */
  readonly folder?: string;
}
