import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tar from 'tar';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { materialsDir, mediaDir } from '../file-folders.ts';
import { appliedMigrationNames, insertRows, resetSequences, tableRows, tablesInOrder } from './table-data.ts';

/**
 * One backup archive (.tar.gz): manifest.json, database/<table>.json (every row), media/ and materials/
 * (the folders as they are). The rows are PostgreSQL's JSON, so an archive from the embedded database
 * restores into PostgreSQL and back.
 */
interface Manifest {
  format: 'portal-backup';
  version: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  migrations: string[];
  tables: { name: string; rows: number }[];
}

type Folders = Pick<Config, 'MEDIA_DIR' | 'MATERIALS_DIR'>;

export async function backup(db: Database, folders: Folders, file: string): Promise<Manifest> {
  const staging = await mkdtemp(join(tmpdir(), 'portal-backup-'));
  try {
    await mkdir(join(staging, 'database'));
    // One transaction: every table as of the same moment.
    const manifest = await db.transaction(async (tx) => {
      if (db.kind === 'postgres') await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const tables: Manifest['tables'] = [];
      for (const name of await tablesInOrder(tx)) {
        const rows = await tableRows(tx, name);
        await writeFile(join(staging, 'database', `${name}.json`), rows);
        tables.push({ name, rows: (JSON.parse(rows) as unknown[]).length });
      }
      return {
        format: 'portal-backup',
        version: 1,
        createdAt: new Date().toISOString(),
        database: db.kind,
        migrations: await appliedMigrationNames(tx),
        tables,
      } satisfies Manifest;
    });
    await writeFile(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // The folders go in through links, so large videos are not copied first.
    await symlink(mediaDir(folders), join(staging, 'media'));
    await symlink(materialsDir(folders), join(staging, 'materials'));
    await tar.create({ gzip: true, file, cwd: staging, follow: true, portable: true }, ['manifest.json', 'database', 'media', 'materials']);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export class RestoreRefused extends Error {}


/**
 * Restores an archive into an empty installation: the database migrated but without students (no demo data:
 * SEED_DEMO=false), and the rows and files of the archive put in. Refuses a database that has students, and an
 * archive from a newer version of the portal (migrations this one does not know).
 */
export async function restore(db: Database, folders: Folders, file: string): Promise<Manifest> {
  const staging = await mkdtemp(join(tmpdir(), 'portal-restore-'));
  try {
    await tar.extract({ file, cwd: staging, strict: true });
    const manifest = JSON.parse(await readFile(join(staging, 'manifest.json'), 'utf8')) as Manifest;
    if (manifest.format !== 'portal-backup' || manifest.version !== 1) throw new RestoreRefused(`${file} is not a portal backup.`);
    const known = new Set(await appliedMigrationNames(db));
    const unknown = manifest.migrations.filter((m) => !known.has(m));
    if (unknown.length) throw new RestoreRefused(`The backup comes from a newer portal (migrations ${unknown.join(', ')}): upgrade first.`);

    await db.transaction(async (tx) => {
      const tables = await tablesInOrder(tx);
      // Fresh means no students yet; reference rows that migrations filled are replaced by the backup's.
      const [students] = await tx.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM students) AS any');
      if (students?.any) throw new RestoreRefused('This installation is not empty (it has students): restore into a fresh database.');
      for (const table of [...tables].reverse()) await tx.query(`DELETE FROM "${table}"`);
      for (const table of tables) {
        const saved = manifest.tables.find((t) => t.name === table);
        if (!saved) continue;
        await insertRows(tx, table, await readFile(join(staging, 'database', `${table}.json`), 'utf8'));
        await resetSequences(tx, table);
      }
    });
    for (const [folder, target] of [
      ['media', mediaDir(folders)],
      ['materials', materialsDir(folders)],
    ] as const) {
      await mkdir(target, { recursive: true });
      const entries = await readdir(join(staging, folder)).catch(() => []);
      if (entries.length) await cp(join(staging, folder), target, { recursive: true, force: true, preserveTimestamps: true });
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
