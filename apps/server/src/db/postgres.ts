import postgres from 'postgres';
import { type Database, PLANNED_EACH_TIME, type Queryable } from './database.ts';
import { REACH, type Probe, watchReach } from './reach-watch.ts';

export interface PostgresOptions {
  searchPath?: string;
  max?: number | undefined;
  statementTimeoutMs?: number | undefined;
  timeZone?: string | undefined;
}

/**
 * A PostgreSQL server, through postgres.js: when every connection is busy it sends the next statement on one of them
 * without waiting for the answers before it (pipelining), so one connection serves many requests at once and
 * PostgreSQL reads and answers them in batches (docs/decisions/030, "Pipelined statements"). Transactions have
 * connections of their own (as many again, opened when one begins), so a long one never holds up the statements.
 * `searchPath` isolates a schema (tests use one per file).
 */
export function openPostgres(url: string, options: PostgresOptions = {}): Database {
  const [connectionString, socketFolder] = unixSocket(url);
  const connectionSettings = settings(options, socketFolder);
  const max = options.max ?? 2;
  const pools = () => ({
    sql: postgres(connectionString, { ...connectionSettings, max }),
    // A transaction holds its connection from BEGIN to COMMIT; statements pipelined behind it would wait for its end.
    transactions: postgres(connectionString, { ...connectionSettings, max, idle_timeout: 60 }),
  });
  let { sql, transactions } = pools();
  const listeners = new Set<() => void>();
  const probe = probeConnection(connectionString, connectionSettings);
  // A server found out of reach: connections that may hang on a lost route are dropped, fresh ones open on demand.
  const watch = watchReach(probe, () => {
    const lost = [sql, transactions];
    ({ sql, transactions } = pools());
    for (const pool of lost) void pool.end({ timeout: 0 });
    for (const restart of listeners) restart();
  });
  const prepared = statementsToPrepare();
  let statementsInFlight = 0;
  let openTransactions = 0;
  // A copy of the values: postgres.js writes each one's serialised form back into the array it is given. A statement
  // without values would go by the simple protocol, parsed and planned every time, unless it is to be prepared.
  const run = <Row>(on: postgres.Sql | postgres.TransactionSql, text: string, params?: readonly unknown[]) => {
    const prepare = prepared(text);
    const values = [...(params ?? [])] as postgres.ParameterOrJSON<never>[];
    // postgres.js reads `simple` (its types leave it out).
    const how = { prepare, simple: !prepare && values.length === 0 };
    return watch.guard(() => on.unsafe(text, values, how) as unknown as Promise<Row[]>);
  };
  return {
    kind: 'postgres',
    async query<Row>(text: string, params?: readonly unknown[]) {
      statementsInFlight++;
      try {
        return await run<Row>(sql, text, params);
      } finally {
        statementsInFlight--;
      }
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      openTransactions++;
      try {
        const pool = transactions;
        return (await watch.guard(() =>
          pool.begin((tx) => work({ query: (text, params) => run(tx, text, params) })),
        )) as T;
      } finally {
        openTransactions--;
      }
    },
    async session<T>(work: (connection: Queryable) => Promise<T>) {
      const pool = sql;
      const reserved = await watch.guard(() => pool.reserve());
      try {
        return await work({ query: (text, params) => run(reserved, text, params) });
      } finally {
        reserved.release();
      }
    },
    // Statements beyond one a connection are pipelined (sent behind another's) or wait for a connection to open; a
    // transaction waits when `max` are open.
    poolStats: () => ({
      inUse: Math.min(statementsInFlight, max) + Math.min(openTransactions, max),
      idle: Math.max(0, max - statementsInFlight),
      waiting: Math.max(0, statementsInFlight - max) + Math.max(0, openTransactions - max),
    }),
    unreachable: () => watch.unreachable(),
    close: async () => {
      watch.stop();
      await Promise.all([sql.end({ timeout: 5 }), transactions.end({ timeout: 5 }), probe.close()]);
    },
    listen: (channel, onMessage, onState) =>
      listen(connectionString, connectionSettings, channel, onMessage, onState, listeners),
  };
}

/**
 * The watch's question, on a connection of its own (pooled ones may be the ones hanging): opened when first asked,
 * closed after 10 s unused, dropped after a question it did not answer.
 */
function probeConnection(connectionString: string, connectionSettings: Settings): Probe & { close(): Promise<void> } {
  let probe: postgres.Sql | undefined;
  return {
    async ask() {
      probe ??= postgres(connectionString, { ...connectionSettings, max: 1, idle_timeout: 10, fetch_types: false });
      await probe.unsafe('SELECT 1', [], { simple: true } as object);
    },
    reset() {
      void probe?.end({ timeout: 0 });
      probe = undefined;
    },
    close: async () => {
      await probe?.end({ timeout: 0 });
    },
  };
}

type Settings = postgres.Options<Record<string, postgres.PostgresType>>;

/** What every connection is opened with, the same as PGlite gives its answers. */
function settings(options: PostgresOptions, socketFolder: string | undefined): Settings {
  return {
    // postgres.js connects to `<folder>/.s.PGSQL.<port>` when its host is a path.
    ...(socketFolder ? { host: socketFolder } : {}),
    // bigint counts become numbers, as PGlite gives them.
    types: {
      bigint: {
        to: 20,
        from: [20],
        serialize: (value: number) => String(value),
        parse: (value: string) => Number(value),
      },
      // JSON already written as text is stored as it is, not as a JSON string of it, as pg and PGlite take it.
      json: {
        to: 114,
        from: [114, 3802],
        serialize: (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)),
        parse: (value: string) => JSON.parse(value) as unknown,
      },
    },
    // A parameter left undefined is NULL, as pg and PGlite take it.
    transform: { undefined: null },
    onnotice: () => {},
    // A server that does not answer the connection fails its statements within seconds, not postgres.js's 30 s.
    connect_timeout: REACH.connectTimeoutSeconds,
    // postgres.js waits up to 20 s before opening a connection again after failures; a server back should serve at once.
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
    connection: {
      ...(options.searchPath ? { search_path: options.searchPath } : {}),
      // Times written without an offset (seeds, staff entries) mean the institute's zone; answers are UTC ISO anyway.
      ...(options.timeZone ? { TimeZone: options.timeZone } : {}),
      // A runaway statement is cancelled instead of holding a connection (0: no limit).
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    },
  };
}

/**
 * Which statements each connection prepares once, so PostgreSQL parses them once and may keep their plan, instead of
 * parsing and planning them on every call (docs/decisions/030). Only plain reads and writes, never one marked
 * PLANNED_EACH_TIME, and a bounded number of them: a statement built from varying text would otherwise pile up on
 * every connection.
 */
function statementsToPrepare(limit = 500) {
  const known = new Set<string>();
  return (text: string) => {
    if (known.has(text)) return true;
    if (text.startsWith(PLANNED_EACH_TIME)) return false;
    if (known.size >= limit || !/^\s*(SELECT|WITH|INSERT|UPDATE|DELETE)\b/i.test(text)) return false;
    known.add(text);
    return true;
  };
}

/**
 * A URL naming a Unix socket the way libpq does, `postgres://user@localhost/db?host=/var/run/postgresql`: the URL
 * without that parameter (postgres.js would send it to PostgreSQL as a setting, which refuses it), and the folder. On
 * the database's own machine a socket skips the TCP stack: reads served 5-15% more requests a second
 * (docs/decisions/030).
 */
function unixSocket(url: string): [string, string | undefined] {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  const folder = parsed?.searchParams.get('host');
  if (!parsed || !folder?.startsWith('/')) return [url, undefined];
  parsed.searchParams.delete('host');
  return [parsed.toString(), folder];
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). When it drops, or the watch finds the
 * server out of reach (a connection on a lost route never says it dropped), `onState(false)` says notifications may
 * be missed; it connects again every second until it can, and `onState(true)` says it listens anew.
 */
async function listen(
  connectionString: string,
  connectionSettings: Settings,
  channel: string,
  onMessage: (payload: string) => void,
  onState: (listening: boolean) => void,
  restarts: Set<() => void>,
) {
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let current: postgres.Sql | undefined;
  const statement = `LISTEN "${channel.replaceAll('"', '""')}"`;
  const open = () => {
    const sql: postgres.Sql = postgres(connectionString, {
      ...connectionSettings,
      max: 1,
      max_lifetime: null,
      fetch_types: false,
      // postgres.js's own sql.listen connects again by itself but never says when notifications may have been missed;
      // its onnotify option (what sql.listen is built on, not in its types) leaves that to us.
      ...({
        onnotify: (from: string, payload: string) => {
          if (from === channel) onMessage(payload);
        },
      } as object),
      onclose: () => {
        if (sql === current) dropped();
      },
    });
    return sql;
  };
  const dropped = () => {
    if (stopped) return;
    const old = current;
    current = undefined;
    void old?.end({ timeout: 0 });
    onState(false);
    clearTimeout(retry);
    retry = setTimeout(again, 1000);
  };
  const start = async () => {
    const sql = (current = open());
    await sql.unsafe(statement);
    if (sql === current) onState(true);
  };
  const again = () => {
    if (stopped) return;
    start().catch(() => {
      if (current) dropped();
    });
  };
  const restart = () => {
    if (current) dropped();
  };
  try {
    await start();
  } catch (error) {
    stopped = true;
    clearTimeout(retry);
    await current?.end({ timeout: 0 });
    throw error;
  }
  restarts.add(restart);
  return async () => {
    stopped = true;
    restarts.delete(restart);
    clearTimeout(retry);
    await current?.end({ timeout: 5 });
  };
}
