/** What repositories need from a database: PostgreSQL's SQL, whether embedded (PGlite) or a server (pg). */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

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
