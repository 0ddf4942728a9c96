import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { openTestDatabase } from './helper.ts';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
});
afterAll(() => db.close());

describe('the schema', () => {
  it('applies each migration once: a second start changes nothing', async () => {
    expect(await migrate(db)).toEqual([]);
  });

  it('indexes every foreign key, so joins and cascades never scan a whole table', async () => {
    const unindexed = await db.query<{ table_name: string; columns: string }>(`
      SELECT c.conrelid::regclass::text AS table_name, array_to_string(array_agg(a.attname ORDER BY k.ord), ',') AS columns
        FROM pg_constraint c
        CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
       WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace
         AND NOT EXISTS (
           SELECT 1 FROM pg_index i
            WHERE i.indrelid = c.conrelid
              AND (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] @> c.conkey
              AND (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] <@ c.conkey)
       GROUP BY c.conrelid, c.conname`);
    expect(unindexed, JSON.stringify(unindexed)).toEqual([]);
  });

  it('fills an empty database with demo data once, and leaves a filled one alone', async () => {
    expect(await seedDemo(db)).toBe(true);
    const count = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM students'))[0]!.n;
    const before = await count();
    expect(await seedDemo(db)).toBe(false);
    expect(await count()).toBe(before);
  });
});
