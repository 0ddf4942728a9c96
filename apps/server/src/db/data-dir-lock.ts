import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Who holds the embedded database: the running server, or a command of the command line. */
export type LockHolder = 'server' | 'command line';

export class DataDirBusy extends Error {
  constructor(
    readonly holder: LockHolder,
    readonly pid: number,
    dataDir: string,
  ) {
    super(
      holder === 'server'
        ? `The portal server (pid ${pid}) is running and holds the embedded database in ${dataDir}. ` +
            'Stop the server first (or use DATABASE_URL with PostgreSQL, which both can share).'
        : `A portal command (pid ${pid}) is using the embedded database in ${dataDir}. Wait for it to finish.`,
    );
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite is one process's database: two processes writing the same folder corrupt it. So whoever opens it
 * first writes `portal.lock` (its pid) in DATA_DIR; the other is refused with who holds it. A lock left by
 * a process that has died is taken over.
 */
export function lockDataDir(dataDir: string, holder: LockHolder): { release(): void } {
  const path = join(dataDir, 'portal.lock');
  const mine = JSON.stringify({ pid: process.pid, holder });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, mine, { flag: 'wx' });
      const release = () => {
        // Released by hand (the database closed), the lock no longer needs the exit: many opens, no piling up.
        process.removeListener('exit', release);
        try {
          if (readFileSync(path, 'utf8') === mine) unlinkSync(path);
        } catch {
          // Already gone.
        }
      };
      process.once('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const other = readLock(path);
      if (other && alive(other.pid)) throw new DataDirBusy(other.holder, other.pid, dataDir);
      unlinkSync(path);
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function readLock(path: string): { pid: number; holder: LockHolder } | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { pid?: unknown; holder?: unknown };
    if (typeof parsed.pid !== 'number') return undefined;
    return { pid: parsed.pid, holder: parsed.holder === 'command line' ? 'command line' : 'server' };
  } catch {
    return undefined;
  }
}
