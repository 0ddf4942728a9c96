import pg from 'pg';
import type { Database, Queryable } from './database.ts';

// Dates stay strings (timestamptz arrives as ISO-like text) and bigint counts become numbers, as PGlite gives them.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** A PostgreSQL server. `searchPath` isolates a schema (tests use one per file). */
export function openPostgres(
  connectionString: string,
  options: { searchPath?: string; max?: number | undefined; statementTimeoutMs?: number | undefined; timeZone?: string | undefined } = {},
): Database {
  const settings = [
    ...(options.searchPath ? [`-c search_path=${options.searchPath}`] : []),
    // Times written without an offset (seeds, staff entries) mean the institute's zone; answers are UTC ISO anyway.
    ...(options.timeZone ? [`-c TimeZone=${options.timeZone}`] : []),
  ];
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    // A runaway statement is cancelled instead of holding a connection (0: no limit).
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(settings.length ? { options: settings.join(' ') } : {}),
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  const named = statementNames();
  const query: Queryable['query'] = async (sql, params) => {
    const name = named(sql);
    const values = params ? [...params] : [];
    return (await (name ? pool.query({ name, text: sql, values }) : pool.query(sql, values))).rows;
  };
  return {
    kind: 'postgres',
    query,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({ query: async (sql, params) => (await client.query(sql, params ? [...params] : [])).rows });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    poolStats: () => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
    listen: (channel, onMessage, onState) => listen(connectionString, channel, onMessage, onState),
  };
}

/**
 * Names for the repositories' statements, so each pooled connection parses one once and PostgreSQL may keep its
 * plan, instead of parsing and planning it on every call (docs/decisions/030). Only plain reads and writes, and a
 * bounded number of them: a statement built from varying text would otherwise pile up on every connection.
 */
function statementNames(limit = 500) {
  const names = new Map<string, string>();
  return (sql: string) => {
    const known = names.get(sql);
    if (known || names.size >= limit || !/^\s*(SELECT|WITH|INSERT|UPDATE|DELETE)\b/i.test(sql)) return known;
    const name = `s${names.size}`;
    names.set(sql, name);
    return name;
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). When it drops, `onState(false)` says
 * notifications may be missed; it connects again every second until it can, and `onState(true)` says it listens anew.
 */
async function listen(connectionString: string, channel: string, onMessage: (payload: string) => void, onState: (listening: boolean) => void) {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    client = next;
    let gone = false;
    const lost = () => {
      if (gone) return;
      gone = true;
      if (client === next) client = undefined;
      onState(false);
      next.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 1000);
    };
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost();
      throw error;
    }
    onState(true);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end();
  };
}
