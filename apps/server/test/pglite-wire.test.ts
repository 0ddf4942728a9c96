import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { openPglite } from '../src/db/pglite.ts';
import { templateTar } from './pglite-templates.ts';

let db: Database;
beforeAll(async () => {
  db = await openPglite(undefined, await templateTar('empty'));
  await db.query(`CREATE TABLE notes (id integer PRIMARY KEY, body text NOT NULL)`);
  await db.query(`CREATE FUNCTION announce() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_notify('notes_changed', NEW.id::text); RETURN NULL; END $$`);
  await db.query(`CREATE TRIGGER notes_announce AFTER INSERT ON notes FOR EACH ROW EXECUTE FUNCTION announce()`);
}, 60_000);
afterAll(() => db.close());

// A statement that does not begin with a plain verb goes through PGlite's own `query` and its reader (pglite-statements.ts).
const byPglite = <Row>(sql: string, params: unknown[] = []) =>
  db.query<Row>(`/* PGlite reads this one */ ${sql}`, params);

describe('rows read from the embedded database’s answers', () => {
  it('are what PGlite’s own reader makes of the same statement, value for value and type for type', async () => {
    const sql = `SELECT 7::integer AS n, 9007199254740::bigint AS big, 12.50::numeric AS price, true AS yes, NULL::text AS nothing,
      'पाठ 3 — भिन्न 🙂'::text AS title, '2026-11-27T10:30:00Z'::timestamptz AS at, '2026-11-27'::date AS day,
      '{"a": [1, "b"]}'::jsonb AS doc, ARRAY['x', 'y, z']::text[] AS tags, 1 AS twice, 2 AS twice
      FROM generate_series(1, $1::int)`;
    const ours = await db.query(sql, [3]);
    expect(ours).toHaveLength(3);
    expect(ours).toEqual(await byPglite(sql, [3]));
    expect(ours[0]).toMatchObject({
      n: 7,
      title: 'पाठ 3 — भिन्न 🙂',
      nothing: null,
      at: new Date('2026-11-27T10:30:00Z'),
      doc: { a: [1, 'b'] },
      twice: 2,
    });
  });

  it('are asked for with the values given, whatever their text: none, empty, Devanagari, long', async () => {
    const sql = `SELECT $1::text AS none, $2::text AS empty, $3::text AS title, $4::int AS n, length($5::text) AS long, $6::jsonb AS doc`;
    const values = [null, '', 'पाठ 3 — भिन्न 🙂', 5, 'x'.repeat(20_000), JSON.stringify({ a: 'b' })];
    const ours = await db.query(sql, values);
    expect(ours).toEqual(await byPglite(sql, values));
    expect(ours).toEqual([{ none: null, empty: '', title: 'पाठ 3 — भिन्न 🙂', n: 5, long: 20_000, doc: { a: 'b' } }]);
  });

  it('come whole from an answer too long for one piece', async () => {
    const sql = `SELECT g AS id, repeat('अ', 300) || g AS body FROM generate_series(1, $1::int) g`;
    const ours = await db.query<{ id: number; body: string }>(sql, [4000]);
    expect(ours).toHaveLength(4000);
    expect(ours).toEqual(await byPglite(sql, [4000]));
    expect(ours.at(-1)).toEqual({ id: 4000, body: `${'अ'.repeat(300)}4000` });
  });

  it('give way to the database’s error, with its code, and nothing is stored', async () => {
    await db.query('INSERT INTO notes VALUES ($1, $2)', [1, 'first']);
    await expect(db.query('INSERT INTO notes VALUES ($1, $2)', [1, 'again'])).rejects.toMatchObject({ code: '23505' });
    expect(await db.query('SELECT body FROM notes')).toEqual([{ body: 'first' }]);
  });

  it('pass on a notification raised by the statement to whoever listens', async () => {
    const heard: string[] = [];
    const stop = await db.listen?.(
      'notes_changed',
      (payload) => heard.push(payload),
      () => {},
    );
    const rows = await db.query('INSERT INTO notes VALUES ($1, $2) RETURNING id', [2, 'second']);
    expect(rows).toEqual([{ id: 2 }]);
    await expect.poll(() => heard).toEqual(['2']);
    await stop?.();
    await db.query('INSERT INTO notes VALUES ($1, $2)', [3, 'third']);
    await db.query('SELECT 1');
    expect(heard).toEqual(['2']);
  });
});
