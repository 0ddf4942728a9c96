import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { pgliteOptions } from '../src/db/pglite-options.ts';
import { templatesVariable } from './pglite-templates.ts';

/**
 * Runs PGlite's initdb once for the whole run (2.5 s of a 2-core machine's time, against a few tenths of a second to
 * load or copy the result) and migrates a copy of it once, leaving both for every test file to start from
 * (pglite-templates.ts): `empty`, the initdb'd cluster, for what must see migrations run, and `migrated`, the same
 * after `migrate`, for the usual start (helper.ts: a test's own `migrate` then finds nothing to do). Each is a data
 * folder (a spawned server's or a command line's folder starts as a copy) and its tar (PGlite's dumpDataDir, which an
 * in-memory database loads). Nothing is seeded: the demo's times are relative to the moment it is seeded.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = await mkdtemp(join(tmpdir(), 'portal-pglite-templates-'));
  const empty = new PGlite(join(dir, 'empty'), pgliteOptions);
  await empty.waitReady;
  await saveTar(empty, join(dir, 'empty.tar'));
  await empty.close();

  await cp(join(dir, 'empty'), join(dir, 'migrated'), { recursive: true });
  const db = await openPglite(join(dir, 'migrated'));
  await migrate(db);
  await db.close();
  const migrated = new PGlite(join(dir, 'migrated'), pgliteOptions);
  await migrated.waitReady;
  await saveTar(migrated, join(dir, 'migrated.tar'));
  await migrated.close();

  process.env[templatesVariable] = dir;
  return () => rm(dir, { recursive: true, force: true });
}

async function saveTar(pg: PGlite, file: string) {
  const tar = await pg.dumpDataDir('none');
  await writeFile(file, new Uint8Array(await tar.arrayBuffer()));
}
