import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, PLANNED_EACH_TIME } from '../src/db/database.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { openTestDatabase } from './helper.ts';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('PostgreSQL through postgres.js', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db?.close());

  it('gives every one of many statements sent at once its own answer, and fails only the one that fails', async () => {
    const few = openPostgres(url!, { max: 2 });
    try {
      const asks = Array.from({ length: 300 }, (_, i) =>
        i === 150 ? few.query('SELECT 1 / $1::int AS n', [0]) : few.query<{ n: number }>('SELECT $1::int AS n', [i]),
      );
      const answers = await Promise.allSettled(asks);
      expect(answers[150]).toMatchObject({ status: 'rejected', reason: { message: 'division by zero' } });
      answers.forEach((answer, i) => {
        if (i !== 150) expect(answer).toEqual({ status: 'fulfilled', value: [{ n: i }] });
      });
    } finally {
      await few.close();
    }
  });

  // Debian's PostgreSQL listens on this folder's socket as well as on TCP (the CI machine's does).
  it.runIf(existsSync('/var/run/postgresql/.s.PGSQL.5432'))(
    'connects through a Unix socket named the libpq way (?host=/folder), and hears notifications there too',
    async () => {
      const withSocket = new URL(url!);
      withSocket.searchParams.set('host', '/var/run/postgresql');
      const local = openPostgres(withSocket.toString(), { max: 1 });
      const heard: string[] = [];
      try {
        // No server address: the connection is not TCP.
        expect(await local.query('SELECT inet_server_addr() AS address')).toEqual([{ address: null }]);
        expect(await db.query<{ address: string }>('SELECT inet_server_addr()::text AS address')).not.toEqual([
          { address: null },
        ]);
        const stop = await local.listen?.(
          'socket_test',
          (payload) => heard.push(payload),
          () => {},
        );
        await db.query(`SELECT pg_notify('socket_test', 'through the socket')`);
        await expect.poll(() => heard).toEqual(['through the socket']);
        await stop?.();
      } finally {
        await local.close();
      }
    },
  );

  it('prepares a statement once on its connection, even one without values, and still runs several statements in one text', async () => {
    const one = openPostgres(url!, { max: 1 });
    try {
      for (let i = 0; i < 3; i++) expect(await one.query('SELECT 42 AS n')).toEqual([{ n: 42 }]);
      expect(
        await one.query(`SELECT count(*) AS n FROM pg_prepared_statements WHERE statement = 'SELECT 42 AS n'`),
      ).toEqual([{ n: 1 }]);
      await one.query('CREATE TEMP TABLE a (n int); CREATE TEMP TABLE b (n int)');
      expect(
        await one.query(
          `SELECT count(*) AS n FROM pg_tables WHERE tablename IN ('a', 'b') AND schemaname LIKE 'pg_temp%'`,
        ),
      ).toEqual([{ n: 2 }]);
    } finally {
      await one.close();
    }
  });

  it('never prepares a statement marked to be planned each time, so PostgreSQL plans it with its values', async () => {
    const one = openPostgres(url!, { max: 1 });
    try {
      const text = `${PLANNED_EACH_TIME}SELECT $1::int + 1 AS n`;
      for (let i = 0; i < 7; i++) expect(await one.query(text, [i])).toEqual([{ n: i + 1 }]);
      expect(
        await one.query('SELECT count(*) AS n FROM pg_prepared_statements WHERE starts_with(statement, $1)', [
          PLANNED_EACH_TIME,
        ]),
      ).toEqual([{ n: 0 }]);
    } finally {
      await one.close();
    }
  });

  it('reads counts as numbers, stores JSON text as it is, and takes an undefined value as NULL', async () => {
    const [row] = await db.query<{ count: unknown; doc: unknown; missing: unknown }>(
      `SELECT count(*) AS count, $1::jsonb AS doc, $2::text AS missing FROM (VALUES (1), (2)) v(x)`,
      ['{"answers":[1,2]}', undefined],
    );
    expect(row).toEqual({ count: 2, doc: { answers: [1, 2] }, missing: null });
    const [object] = await db.query<{ doc: unknown }>('SELECT $1::jsonb AS doc', [{ a: 'b' }]);
    expect(object!.doc).toEqual({ a: 'b' });
  });

  it('keeps all of a transaction or none of it', async () => {
    await db.query('CREATE TABLE kept (n int PRIMARY KEY)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO kept VALUES (1)');
        await tx.query('INSERT INTO kept VALUES (1)');
      }),
    ).rejects.toThrow(/duplicate key/);
    await db.transaction((tx) => tx.query('INSERT INTO kept VALUES (2)'));
    expect(await db.query('SELECT n FROM kept')).toEqual([{ n: 2 }]);
  });

  it('answers statements while transactions hold every connection of its size (a long import does not stop students)', async () => {
    const one = openPostgres(url!, { max: 1 });
    try {
      let finish!: () => void;
      const held = new Promise<void>((resolve) => (finish = resolve));
      let begun!: () => void;
      const inside = new Promise<void>((resolve) => (begun = resolve));
      const transaction = one.transaction(async (tx) => {
        await tx.query('SELECT 1');
        begun();
        await held;
        return 'committed';
      });
      await inside;
      // With the transaction open on the one connection, a statement still gets its answer; if it waited for the
      // transaction, which only ends after this answer, the test would never finish.
      expect(await one.query('SELECT 7 AS n')).toEqual([{ n: 7 }]);
      expect(one.poolStats!()).toEqual({ inUse: 1, idle: 1, waiting: 0 });
      finish();
      expect(await transaction).toBe('committed');
    } finally {
      await one.close();
    }
  });

  it('says when its LISTEN connection drops, listens again, and hears what is announced afterwards', async () => {
    const channel = `test_${randomBytes(6).toString('hex')}`;
    const heard: string[] = [];
    const states: boolean[] = [];
    const stop = await db.listen!(
      channel,
      (payload) => heard.push(payload),
      (listening) => states.push(listening),
    );
    try {
      expect(states).toEqual([true]);
      await db.query('SELECT pg_notify($1, $2)', [channel, 'first']);
      await vi.waitFor(() => expect(heard).toEqual(['first']));

      const [killed] = await db.query<{ ended: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE query = $1`,
        [`LISTEN "${channel}"`],
      );
      expect(killed).toEqual({ ended: true });
      await vi.waitFor(() => expect(states).toEqual([true, false, true]), { timeout: 10_000 });

      await db.query('SELECT pg_notify($1, $2)', [channel, 'second']);
      await vi.waitFor(() => expect(heard).toEqual(['first', 'second']));
    } finally {
      await stop();
    }
  });
});
