import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { openPgliteThread } from '../src/db/pglite-thread.ts';

let dir: string;
let db: Database;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-pglite-thread-'));
  db = await openPgliteThread(join(dir, 'pglite'));
  await db.query('CREATE TABLE things (id integer PRIMARY KEY, name text NOT NULL, seen timestamptz, tags jsonb)');
}, 60_000);
afterAll(async () => {
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

const names = async () =>
  (await db.query<{ name: string }>('SELECT name FROM things ORDER BY id')).map((row) => row.name);

describe('the embedded database on its own thread', () => {
  it('answers queries with parameters, and rows keep their types (dates, JSON)', async () => {
    const seen = new Date('2026-11-24T10:30:00Z');
    await db.query('INSERT INTO things VALUES ($1, $2, $3, $4)', [1, 'one', seen, JSON.stringify(['a', 'b'])]);
    expect(await db.query('SELECT * FROM things WHERE id = $1', [1])).toEqual([
      { id: 1, name: 'one', seen, tags: ['a', 'b'] },
    ]);
  });

  it('stores all of a transaction, or none of it when the work fails', async () => {
    await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO things (id, name) VALUES (2, 'two')`);
      await tx.query(`INSERT INTO things (id, name) VALUES (3, 'three')`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO things (id, name) VALUES (4, 'four')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await names()).toEqual(['one', 'two', 'three']);
  });

  it("passes PostgreSQL's error on with its code, and goes on answering", async () => {
    const error = await db.query(`INSERT INTO things (id, name) VALUES (1, 'again')`).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', message: expect.stringMatching(/duplicate key/) });
    await expect(
      db.transaction((tx) => tx.query(`INSERT INTO things (id, name) VALUES (3, 'clash')`)),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await names()).toEqual(['one', 'two', 'three']);
  });

  it('lets a query from outside wait for an open transaction, which sees its own writes', async () => {
    let outsideDone = false;
    let outside: Promise<unknown> = Promise.resolve();
    await db.transaction(async (tx) => {
      await tx.query(`UPDATE things SET name = 'uno' WHERE id = 1`);
      outside = db.query('SELECT name FROM things WHERE id = 1').then((rows) => ((outsideDone = true), rows));
      expect(await tx.query('SELECT name FROM things WHERE id = 1')).toEqual([{ name: 'uno' }]);
      expect(outsideDone).toBe(false);
    });
    expect(await outside).toEqual([{ name: 'uno' }]);
  });

  it('delivers notices to listeners', async () => {
    const heard: string[] = [];
    let listening = false;
    await db.listen!(
      'changes',
      (payload) => heard.push(payload),
      (state) => (listening = state),
    );
    expect(listening).toBe(true);
    await db.query(`SELECT pg_notify('changes', 'token:abc')`);
    await expect.poll(() => heard).toEqual(['token:abc']);
  });

  it("keeps the server's thread free while a long query runs", async () => {
    let turns = 0;
    let running = true;
    const spin = () => {
      turns++;
      if (running) setImmediate(spin);
    };
    setImmediate(spin);
    await db.query('SELECT count(*) FROM generate_series(1, 3000000)');
    running = false;
    // In the server's own thread a query runs to its end before anything else can (then turns stay at 0 or 1).
    expect(turns).toBeGreaterThan(10);
  });
});
