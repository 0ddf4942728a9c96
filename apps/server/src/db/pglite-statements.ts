import { parse, type PGlite, protocol, type Transaction } from '@electric-sql/pglite';
import { isDeepStrictEqual } from 'node:util';
import { bindExecuteSync, type Column, columnsOf, readRows } from './pglite-wire.ts';

/** What PGlite does not declare in its types but runs every query through: its two locks, and its type maps. */
interface PgliteInternals {
  _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
  runExclusive<T>(work: () => Promise<T>): Promise<T>;
  parsers: Parameters<typeof parse.parseResults>[1];
  serializers: Record<number, (value: unknown) => string>;
}

type RowDescription = InstanceType<typeof protocol.messages.RowDescriptionMessage>;
type ParameterDescription = InstanceType<typeof protocol.messages.ParameterDescriptionMessage>;

interface Prepared {
  name: string;
  paramTypes: number[];
  rows?: RowDescription;
  columns: Column[];
}
type Notification = InstanceType<typeof protocol.messages.NotificationResponseMessage>;
type BackendMessage = Parameters<Parameters<InstanceType<typeof protocol.Parser>['parse']>[1]>[0];

const { serialize } = protocol;
// Names unique in the process: a second set of statements on the same PGlite (the start-up checks' tests) keeps clear.
let named = 0;

/**
 * Queries through named prepared statements, in one trip into PGlite each (docs/decisions/031). PGlite's own
 * `query` parses, describes, binds, describes, executes and syncs in six trips into its WebAssembly PostgreSQL, and
 * PostgreSQL parses and plans the text every time: 0.66 ms for the subjects query at demo size, against 0.10 ms for
 * bind-execute-sync on a statement parsed once. Like the pg pool's names (postgres.ts): only plain reads and writes,
 * and at most `limit` texts; anything else (SET, DDL, a statement with several commands) goes through `query`.
 *
 * Inside a transaction (`tx`, from `pg.transaction`, which holds PGlite's transaction lock) it takes the query lock
 * only; otherwise it waits for both, as `pg.query` does, so it never runs inside someone else's transaction. A
 * statement that may change what a prepared one returns (DDL) forgets them all.
 */
export async function preparedQueries(
  pg: PGlite,
  { limit = 500, wire = true, warn = (_message: string) => {} } = {},
): Promise<Statements> {
  const missing = missingInternals(pg);
  if (missing.length) {
    warn(
      `PGlite's ${missing.join(', ')} are not as this server expects (docs/decisions/062): every query goes through PGlite's own query()`,
    );
    return plainQueries(pg);
  }
  const internals = pg as unknown as PgliteInternals;
  const statements = new Map<string, Prepared>();

  async function prepare(sql: string): Promise<Prepared> {
    const name = `p${named++}`;
    const { messages } = await pg.execProtocol(
      Buffer.concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const rows = messages.find((m): m is RowDescription => m.name === 'rowDescription');
    const described = {
      name,
      paramTypes: messages.find((m): m is ParameterDescription => m.name === 'parameterDescription')?.dataTypeIDs ?? [],
      rows,
      columns: columnsOf(rows?.fields ?? [], internals.parsers),
    };
    statements.set(sql, described);
    return described;
  }

  async function run<Row>(sql: string, params: readonly unknown[]): Promise<Row[]> {
    const statement = statements.get(sql) ?? (await prepare(sql));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = internals.serializers[statement.paramTypes[i] ?? 0];
      return serializer ? serializer(value) : String(value as string);
    });
    if (!wire) return runThroughPglite<Row>(statement, values);
    const chunks: Uint8Array[] = [];
    await pg.execProtocolRawStream(
      bindExecuteSync(statement.name, values),
      // Each chunk is a view of PGlite's memory, which the next statement overwrites.
      { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) },
    );
    const answer = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    return (readRows(answer, statement.columns) ?? readMessages(answer, statement)) as Row[];
  }

  /** PGLITE_WIRE=off: the same statement, its bind written and its answer read by PGlite's own code. */
  async function runThroughPglite<Row>(statement: Prepared, values: (string | null)[]): Promise<Row[]> {
    const { messages } = await pg.execProtocol(
      Buffer.concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    const described = statement.rows ? [statement.rows, ...messages] : messages;
    return (parse.parseResults(described, internals.parsers)[0]?.rows ?? []) as Row[];
  }

  /** An answer with an error or notifications in it, read by PGlite's own reader: the error thrown, notifications passed on. */
  function readMessages(answer: Uint8Array, statement: Prepared) {
    const messages: BackendMessage[] = [];
    new protocol.Parser().parse(answer, (message) => messages.push(message));
    const error = messages.find((m) => m instanceof protocol.messages.DatabaseError);
    if (error) throw error;
    for (const message of messages) if (message.name === 'notification') announce(message as Notification);
    // Execute sends no row description of its own: the one described at parse time names the columns.
    return (
      parse.parseResults(statement.rows ? [statement.rows, ...messages] : messages, internals.parsers)[0]?.rows ?? []
    );
  }

  const listeners = new Map<string, Set<(payload: string) => void>>();
  const announce = ({ channel, payload }: Notification) =>
    listeners.get(channel)?.forEach((listener) => queueMicrotask(() => listener(payload)));

  /**
   * PGlite's `listen`, also hearing what arrives in a prepared statement's answer (PGlite never sees those). Channel
   * names are taken as PostgreSQL folds them: unquoted, in lower case.
   */
  async function listen(channel: string, onMessage: (payload: string) => void) {
    const stop = await pg.listen(channel, onMessage);
    const name = /^".*"$/.test(channel) ? channel.slice(1, -1) : channel.toLowerCase();
    const heard = listeners.get(name) ?? new Set();
    listeners.set(name, heard.add(onMessage));
    return async () => {
      heard.delete(onMessage);
      await stop();
    };
  }

  async function query<Row>(sql: string, params: readonly unknown[] = [], tx?: Transaction): Promise<Row[]> {
    if (statements.has(sql) || (statements.size < limit && PLAIN.test(sql))) {
      const work = () => internals.runExclusive(() => run<Row>(sql, params));
      return tx ? work() : internals._runExclusiveTransaction(work);
    }
    const rows = (await (tx ?? pg).query<Row>(sql, [...params])).rows;
    // The old statements stay in the session under names never used again (DDL is rare: migrations and tests).
    if (!HARMLESS.test(sql)) statements.clear();
    return rows;
  }

  if (wire && !(await readsAsPglite(query, pg))) {
    warn(
      `PGlite's answers do not read by hand as PGlite reads them (docs/decisions/062): PGlite's own reader reads them`,
    );
    wire = false;
  }
  return { query, listen };
}

export interface Statements {
  query<Row>(sql: string, params?: readonly unknown[], tx?: Transaction): Promise<Row[]>;
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
}

/** The members of PGlite this file uses beyond its types that are missing or not what it expects (the start-up check). */
export function missingInternals(pg: object): string[] {
  const members = pg as Record<string, unknown>;
  const functions = ['runExclusive', '_runExclusiveTransaction', 'execProtocolRawStream', 'execProtocol'];
  return [
    ...functions.filter((name) => typeof members[name] !== 'function'),
    ...['parsers', 'serializers'].filter((name) => typeof members[name] !== 'object' || members[name] === null),
  ];
}

/** The plain path: PGlite's own `query` and `listen`. */
function plainQueries(pg: PGlite): Statements {
  return {
    query: async <Row>(sql: string, params: readonly unknown[] = [], tx?: Transaction) =>
      (await (tx ?? pg).query<Row>(sql, [...params])).rows,
    listen: (channel, onMessage) => pg.listen(channel, onMessage),
  };
}

/** A statement of every kind of value the portal reads; read by hand, it must give what PGlite's reader gives. */
const PROBE = `SELECT 7::integer AS n, 9007199254740::bigint AS big, 12.50::numeric AS price, true AS yes,
  NULL::text AS nothing, $1::text AS title, '2026-11-27T10:30:00Z'::timestamptz AS at, '2026-11-27'::date AS day,
  '{"a": [1, "b"]}'::jsonb AS doc, ARRAY['x', 'y, z']::text[] AS tags FROM generate_series(1, 2)`;

async function readsAsPglite(query: Statements['query'], pg: PGlite) {
  const params = ['पाठ 3 — भिन्न 🙂'];
  try {
    return isDeepStrictEqual(await query(PROBE, params), (await pg.query(PROBE, params)).rows);
  } catch {
    return false;
  }
}

const PLAIN = /^\s*(SELECT|WITH|INSERT|UPDATE|DELETE)\b/i;
// A backup's cursor (DECLARE, FETCH, CLOSE) reads in batches: forgetting the statements at each would leave hundreds behind.
const HARMLESS =
  /^\s*(SET|SHOW|RESET|ANALYZE|VACUUM|BEGIN|COMMIT|ROLLBACK|LISTEN|UNLISTEN|NOTIFY|DECLARE|FETCH|CLOSE)\b/i;
