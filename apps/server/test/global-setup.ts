import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from '../src/db/pglite-options.ts';

/**
 * Runs PGlite's initdb once for the whole run (2.5 s of a 2-core machine's time, against a few tenths of a second to
 * load its copy) and leaves the empty cluster as a tar file that every test file's in-memory database starts from
 * (helper.ts). Nothing is migrated in it: migration tests still see an empty database.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = await mkdtemp(join(tmpdir(), 'portal-pglite-template-'));
  const pg = new PGlite(pgliteOptions);
  await pg.waitReady;
  const tar = await pg.dumpDataDir('none');
  await pg.close();
  const file = join(dir, 'empty-cluster.tar');
  await writeFile(file, new Uint8Array(await tar.arrayBuffer()));
  process.env.PORTAL_TEST_PGLITE_TEMPLATE = file;
  return () => rm(dir, { recursive: true, force: true });
}
