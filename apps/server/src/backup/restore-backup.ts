import { mkdir } from 'node:fs/promises';
import * as tar from 'tar';
import type { Config } from '../config.ts';
import type { Database, Queryable } from '../db/database.ts';
import { materialsDir, mediaDir } from '../media/index.ts';
import {
  type BackupSummary,
  MANIFEST,
  type Manifest,
  ROW_COUNTS,
  SIGN_IN_STATE,
  tableOfEntry,
  type TableRows,
} from './archive-format.ts';
import { entryText, tarEntries } from './tar-entries.ts';
import {
  appliedMigrationNames,
  insertRows,
  parentsOf,
  resetSequences,
  restorableColumns,
  tablesInOrder,
} from './table-data.ts';

type Folders = Pick<Config, 'MEDIA_DIR' | 'MATERIALS_DIR'>;

/** A restore that would not be right, said as the operator should read it; nothing has changed. */
export class RestoreRefused extends Error {}

/**
 * Restores an archive into an empty installation (migrated, no students): the database's tables are emptied and filled
 * with the archive's rows in one transaction, read from the archive as they come (a batch at a time), then the files are
 * put into the two folders. Sessions and sign-in codes are not brought back (everyone signs in again), and nobody who
 * was not in the archive remains: staff made on the empty installation before are gone. It refuses, before it changes
 * anything, an installation with students, a file that is not a portal backup, and an archive of a newer portal.
 */
export async function restore(db: Database, folders: Folders, file: string): Promise<BackupSummary> {
  const [students] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM students');
  if (students?.count) {
    throw new RestoreRefused(
      `This installation is not empty (it has students: ${students.count}): restore into a fresh database, migrated and without students.`,
    );
  }
  const summary = await db.transaction(async (tx) => {
    // A restore of millions of rows is one long transaction: it must not be cut short by the server's limit for requests.
    if (db.kind === 'postgres') await tx.query('SET LOCAL statement_timeout = 0');
    return restoreRows(tx, file);
  });
  for (const [folder, target] of [
    ['media', mediaDir(folders)],
    ['materials', materialsDir(folders)],
  ] as const) {
    await mkdir(target, { recursive: true });
    await tar.extract({ file, cwd: target, strict: true, strip: 1, filter: (path) => path.startsWith(`${folder}/`) });
  }
  return summary;
}

async function restoreRows(tx: Queryable, file: string): Promise<BackupSummary> {
  let manifest: Manifest | undefined;
  let restoring: TableRestore | undefined;
  let counted: TableRows[] | undefined;
  for await (const entry of tarEntries(file)) {
    if (!manifest) {
      if (entry.path !== MANIFEST)
        throw new RestoreRefused(`${file} is not a portal backup (it does not begin with its manifest).`);
      manifest = parseManifest(await entryText(entry), file);
      restoring = await TableRestore.begin(tx, manifest);
      continue;
    }
    const rows = tableOfEntry(entry.path);
    if (rows && restoring) await restoring.add(rows.table, await entryText(entry), rows.version);
    else if (entry.path === ROW_COUNTS)
      counted = (JSON.parse(await entryText(entry)) as { tables: TableRows[] }).tables;
    // The folders come after the rows: this pass is done.
    else if (entry.path.startsWith('media/') || entry.path.startsWith('materials/')) break;
  }
  if (!manifest || !restoring) throw new RestoreRefused(`${file} is not a portal backup (it has no manifest).`);
  counted ??= manifest.version === 1 ? manifest.tables.map((t) => ({ name: t.name, rows: t.rows ?? 0 })) : undefined;
  if (!counted)
    throw new RestoreRefused(
      `${file} is incomplete (it ends before its row counts): the backup that wrote it did not finish.`,
    );
  return { createdAt: manifest.createdAt, tables: await restoring.finish(counted, file) };
}

function parseManifest(text: string, file: string): Manifest {
  const manifest = JSON.parse(text) as Partial<Manifest>;
  if (
    manifest.format !== 'portal-backup' ||
    (manifest.version !== 1 && manifest.version !== 2) ||
    !manifest.tables ||
    !manifest.migrations
  ) {
    throw new RestoreRefused(`${file} is not a portal backup this version can read.`);
  }
  return manifest as Manifest;
}

/** The rows of one archive going into the tables, parents before children as the archive lists them. */
class TableRestore {
  private readonly restored = new Map<string, number>();
  private readonly columns = new Map<string, string[]>();

  private constructor(
    private readonly tx: Queryable,
    private readonly tables: Set<string>,
  ) {}

  static async begin(tx: Queryable, manifest: Manifest): Promise<TableRestore> {
    const known = new Set(await appliedMigrationNames(tx));
    const unknown = manifest.migrations.filter((m) => !known.has(m));
    if (unknown.length)
      throw new RestoreRefused(
        `The backup comes from a newer portal (migrations ${unknown.join(', ')}): upgrade first.`,
      );
    const tables = await tablesInOrder(tx);
    const archived = manifest.tables
      .map((t) => t.name)
      .filter((name) => tables.includes(name) && !SIGN_IN_STATE.has(name));
    // Rows are read once, in the archive's order: each table's parents here must come before it there.
    const parents = await parentsOf(tx);
    for (const [i, table] of archived.entries()) {
      const late = (parents.get(table) ?? []).find((parent) => archived.indexOf(parent) > i);
      if (late)
        throw new RestoreRefused(
          `The archive lists ${table} before ${late}, which it now refers to: restore it with the portal version that wrote it, then upgrade.`,
        );
    }
    // Reference rows that migrations filled are replaced by the archive's; sessions and staff of this installation go.
    for (const table of [...tables].reverse()) await tx.query(`DELETE FROM "${table}"`);
    return new TableRestore(tx, new Set(archived));
  }

  async add(table: string, text: string, version: 1 | 2) {
    if (!this.tables.has(table)) return;
    // Version 2: one row a line (JSON escapes every newline inside a row). Version 1: one JSON array, kept as written.
    const lines = version === 2 ? text.split('\n').filter((line) => line !== '') : undefined;
    const saved = lines ? undefined : (JSON.parse(text) as object[]);
    const first = lines ? (lines[0] === undefined ? undefined : (JSON.parse(lines[0]) as object)) : saved?.[0];
    if (!first) return;
    let columns = this.columns.get(table);
    if (!columns) {
      columns = await restorableColumns(this.tx, table, Object.keys(first));
      this.columns.set(table, columns);
    }
    await insertRows(this.tx, table, columns, lines ? `[${lines.join(',')}]` : text);
    this.restored.set(table, (this.restored.get(table) ?? 0) + (lines ?? saved ?? []).length);
  }

  /** Checks that every row the archive counted came back, then moves the sequences behind the restored ids. */
  async finish(counted: TableRows[], file: string): Promise<TableRows[]> {
    const tables = counted.filter((t) => this.tables.has(t.name));
    for (const { name, rows } of tables) {
      const restored = this.restored.get(name) ?? 0;
      if (restored !== rows)
        throw new RestoreRefused(`${file} is damaged: ${name} should have ${rows} rows and has ${restored}.`);
      await resetSequences(this.tx, name);
    }
    return tables;
  }
}
