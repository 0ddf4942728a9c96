import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../db/database.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { reasonOf } from '../db/unavailable.ts';

/** Each check answers within this, so a load balancer's probe (often 3 s) gets an answer rather than a timeout. */
export const READY_WITHIN_MS = 2_000;

/** What /readyz says of one check: why the instance should get no traffic now (the answer), and the detail (the log). */
export interface NotReady {
  message: string;
  detail?: string;
}

/** The database answers and every migration is applied. */
export async function databaseNotReady(db: Database): Promise<NotReady | undefined> {
  const unreachable = db.unreachable?.();
  if (unreachable) return { message: 'The database is not reachable.', detail: unreachable };
  try {
    const pending = await within(READY_WITHIN_MS, pendingMigrations(db));
    if (pending.length) return { message: `Migrations not applied: ${pending.join(', ')}` };
  } catch (error) {
    return { message: 'The database is not reachable.', detail: reasonOf(error) };
  }
  return undefined;
}

/**
 * The embedded database's folder takes a write that reaches the disk: a probe file written and flushed (fsync). A full
 * disk or a folder turned read-only fails it, where a read (all the database check does) would still pass.
 */
export async function folderNotWritable(folder: string | undefined): Promise<NotReady | undefined> {
  if (!folder) return undefined;
  try {
    await within(READY_WITHIN_MS, writeProbe(join(folder, '.write-check')));
    return undefined;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return {
      message: `The data folder ${folder} cannot be written (${typeof code === 'string' ? code : reasonOf(error)}).`,
      detail: reasonOf(error),
    };
  }
}

async function writeProbe(path: string) {
  const file = await open(path, 'w');
  try {
    await file.writeFile(`${new Date().toISOString()}\n`);
    await file.sync();
  } finally {
    await file.close();
  }
}

/** `work`, or a rejection once `ms` pass without its answer. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
