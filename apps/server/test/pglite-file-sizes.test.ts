import fs from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { openPglite } from '../src/db/pglite.ts';
import { copyTemplate } from './pglite-templates.ts';

let dir: string;
let db: Database;
const dataDir = () => join(dir, 'pglite');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-pglite-sizes-'));
  // As a fresh initdb leaves it (pglite-templates.ts), without spending 2.5 s of CPU on one.
  await copyTemplate(dataDir());
  db = await openPglite(dataDir());
}, 60_000);
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

/** The table's and its index's sizes as PostgreSQL itself counts them (ANALYZE asks each file's size), and on disk. */
async function sizes() {
  await db.query('ANALYZE notes');
  const rows = await db.query<{ pages: number; file: string }>(
    `SELECT relpages AS pages, pg_relation_filepath(oid) AS file FROM pg_class WHERE relname IN ('notes', 'notes_body') ORDER BY relname`,
  );
  return Promise.all(
    rows.map(async ({ pages, file }) => ({ counted: pages * 8192, onDisk: (await stat(join(dataDir(), file))).size })),
  );
}

const summary = async () =>
  (
    await db.query<{ count: number; total: number }>(
      'SELECT count(*)::int AS count, coalesce(sum(id), 0)::int AS total FROM notes',
    )
  )[0];

describe('the embedded database remembers its files’ sizes', () => {
  it('keeps them true while tables grow, shrink and are rewritten, and loses no row', async () => {
    await db.query('CREATE TABLE notes (id integer PRIMARY KEY, body text NOT NULL)');
    await db.query('CREATE INDEX notes_body ON notes (body)');
    for (let batch = 0; batch < 4; batch++) {
      await db.query(`INSERT INTO notes SELECT g, repeat(md5(g::text), 4) FROM generate_series($1::int, $2::int) g`, [
        batch * 5000 + 1,
        (batch + 1) * 5000,
      ]);
      for (const { counted, onDisk } of await sizes()) expect(counted).toBe(onDisk);
    }
    // VACUUM gives the emptied end of the table back to the file system: the file shrinks.
    await db.query('DELETE FROM notes WHERE id > 5000');
    await db.query('VACUUM notes');
    for (const { counted, onDisk } of await sizes()) expect(counted).toBe(onDisk);
    expect(await summary()).toEqual({ count: 5000, total: (5000 * 5001) / 2 });

    // A rewrite gives the table new files; rows added after it must land in them, past what is there.
    await db.query('VACUUM FULL notes');
    await db.query(`INSERT INTO notes SELECT g, md5(g::text) FROM generate_series(5001, 9000) g`);
    for (const { counted, onDisk } of await sizes()) expect(counted).toBe(onDisk);
    await db.query('TRUNCATE notes');
    await db.query(`INSERT INTO notes SELECT g, md5(g::text) FROM generate_series(1, 3000) g`);
    for (const { counted, onDisk } of await sizes()) expect(counted).toBe(onDisk);
    expect(await summary()).toEqual({ count: 3000, total: (3000 * 3001) / 2 });
    expect(await db.query('SELECT id FROM notes WHERE body = md5($1::text)', ['2999'])).toEqual([{ id: 2999 }]);

    // Opened afresh, without anything remembered, the files hold the same rows.
    await db.close();
    db = await openPglite(dataDir());
    expect(await summary()).toEqual({ count: 3000, total: (3000 * 3001) / 2 });
  }, 60_000);

  it('asks the disk for a file’s size once, not on every statement that reads the file', async () => {
    await db.query('SELECT count(*) FROM notes');
    const fstat = vi.spyOn(fs, 'fstatSync');
    for (let i = 0; i < 30; i++) await db.query('SELECT count(*) FROM notes WHERE body <> $1', [String(i)]);
    expect(fstat.mock.calls.length).toBeLessThan(5);
  });
});
