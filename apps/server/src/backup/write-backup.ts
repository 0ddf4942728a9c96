import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, rename, rm, symlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import * as tar from 'tar';
import type { Config } from '../config.ts';
import type { Database, Queryable } from '../db/database.ts';
import { materialsDir, mediaDir } from '../media/index.ts';
import {
  type BackupSummary,
  FOLDERS,
  MANIFEST,
  type Manifest,
  ROW_COUNTS,
  ROWS_PER_ENTRY,
  rowsEntry,
  SIGN_IN_STATE,
  type TableRows,
} from './archive-format.ts';
import { appliedMigrationNames, tableLines, tablesInOrder } from './table-data.ts';

type Folders = Pick<Config, 'MEDIA_DIR' | 'MATERIALS_DIR'>;

/** zlib's default: on 29 MB of watch rows, 1.63 MB in 172 ms of CPU against level 1's 2.07 MB in 140 ms (decision 052). */
const GZIP_LEVEL = 6;

/**
 * Writes one archive (archive-format.ts) of the database, as of one moment, and of the two folders. The rows go into the
 * archive as they are read, a batch at a time, so memory stays flat whatever the size. The file is written under a
 * temporary name beside `file`, readable by its owner only (it holds everyone's phone numbers), and renamed to `file`
 * only once complete: a failed or interrupted backup leaves no archive, and never a truncated one, under that name.
 */
export async function backup(db: Database, folders: Folders, file: string): Promise<BackupSummary> {
  const target = resolve(file);
  const partial = join(dirname(target), `.${basename(target)}.${randomBytes(4).toString('hex')}.partial`);
  // Beside the archive, not in the system's temporary folder (often memory): two links, gone when the backup is.
  const links = `${partial}-folders`;
  await mkdir(links);
  const gzip = createGzip({ level: GZIP_LEVEL });
  const written = pipeline(gzip, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
  // A failure of the file (disk full, folder gone) is seen by the next write, which then stops the backup.
  let failure: unknown;
  written.catch((error: unknown) => (failure = error));
  const put = async (chunk: Buffer) => {
    if (failure) throw failure;
    if (!gzip.write(chunk)) await Promise.race([once(gzip, 'drain'), written]);
    if (failure) throw failure;
  };
  try {
    const summary = await db.transaction(async (tx) => {
      await snapshot(db, tx);
      const manifest: Manifest = {
        format: 'portal-backup',
        version: 2,
        createdAt: new Date().toISOString(),
        database: db.kind,
        migrations: await appliedMigrationNames(tx),
        tables: (await tablesInOrder(tx)).filter((name) => !SIGN_IN_STATE.has(name)).map((name) => ({ name })),
      };
      await put(fileEntry(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`));
      const tables: TableRows[] = [];
      for (const { name } of manifest.tables) {
        let rows = 0;
        for await (const lines of tableLines(tx, name, ROWS_PER_ENTRY)) {
          await put(fileEntry(rowsEntry(name, rows / ROWS_PER_ENTRY), `${lines.join('\n')}\n`));
          rows += lines.length;
        }
        tables.push({ name, rows });
      }
      await put(fileEntry(ROW_COUNTS, `${JSON.stringify({ tables }, null, 2)}\n`));
      return { createdAt: manifest.createdAt, tables };
    });
    // The folders go in through links, so large videos are read once, straight into the archive.
    await linkFolder(mediaDir(folders), join(links, 'media'));
    await linkFolder(materialsDir(folders), join(links, 'materials'));
    await packFolders(links, put);
    gzip.end();
    await written;
    await chmod(partial, 0o600);
    await rename(partial, target);
    return summary;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(links, { recursive: true, force: true });
  }
}

/** Every table as of one moment, and nothing written: PostgreSQL's repeatable read (the embedded database has one session). */
async function snapshot(db: Database, tx: Queryable) {
  if (db.kind !== 'postgres') return;
  await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  // Each statement is one batch; the gaps between them are the archive being written, not a client gone idle.
  await tx.query('SET LOCAL idle_in_transaction_session_timeout = 0');
}

/** One file of the archive from memory: its tar header, its bytes, and the padding to a whole block. */
function fileEntry(path: string, text: string): Buffer {
  const body = Buffer.from(text);
  const header = new tar.Header({ path, mode: 0o644, size: body.length, mtime: new Date(), type: 'File' });
  header.encode();
  if (!header.block) throw new Error(`could not encode the tar header of ${path}`);
  return Buffer.concat([header.block, body, Buffer.alloc((512 - (body.length % 512)) % 512)]);
}

/** A folder that was never made (no file uploaded yet) is archived empty. */
async function linkFolder(folder: string, link: string) {
  if (existsSync(folder)) await symlink(folder, link);
  else await mkdir(link);
}

/** The two folders, and the end of the archive (tar's two empty blocks). A file that cannot be read fails the backup. */
async function packFolders(cwd: string, put: (chunk: Buffer) => Promise<void>) {
  const pack = new tar.Pack({ cwd, follow: true, portable: true, strict: true });
  let failure: unknown;
  pack.on('error', (error: unknown) => (failure ??= error));
  pack.add(FOLDERS[0]).add(FOLDERS[1]).end();
  for await (const chunk of pack as AsyncIterable<Buffer>) {
    if (failure) break;
    await put(chunk);
  }
  if (failure) throw failure;
}
