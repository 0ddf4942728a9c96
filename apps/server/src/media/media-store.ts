import { randomUUID } from 'node:crypto';
import { cp, mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';

/**
 * Where encoded ladders are kept and read from: one small interface, so that an S3-compatible bucket can take the
 * place of the shared MEDIA_DIR later (docs/decisions/074). Addresses are paths under /media/ without it
 * (`ladders/3f…/master.m3u8`). The local folder serves them itself (serve-media.ts sends files from it); a bucket
 * would also need the signed route to redirect to or stream from it.
 */
export interface MediaStore {
  /** A local file to read the stored file `path` from (the folder's own file; a bucket would download it first). */
  localFile(path: string): Promise<string>;
  /** Whether `path` is stored. */
  has(path: string): Promise<boolean>;
  /** A fresh local folder to write into; `publish` or `discard` it afterwards. */
  workFolder(): Promise<string>;
  /** Puts the work folder's files at `folder` (a path under the store), replacing whatever was there, at once. */
  publish(work: string, folder: string): Promise<void>;
  discard(work: string): Promise<void>;
}

/** MEDIA_DIR itself. Work folders sit inside it (hidden), so publishing is a rename, never a copy across disks. */
export class FolderStore implements MediaStore {
  constructor(private readonly root: string) {}

  private place(path: string) {
    const clean = posix.normalize(path);
    if (clean.startsWith('..') || posix.isAbsolute(clean)) throw new Error(`${path} is outside the media folder`);
    return join(this.root, clean);
  }

  localFile(path: string) {
    return Promise.resolve(this.place(path));
  }

  async has(path: string) {
    return (await stat(this.place(path)).catch(() => undefined)) !== undefined;
  }

  async workFolder() {
    const parent = join(this.root, '.encoding');
    await mkdir(parent, { recursive: true }).catch(() => undefined);
    // A read-only media folder (the demo's) still encodes, in the system's temporary folder.
    return mkdtemp(join(parent, 'job-')).catch(() => mkdtemp(join(tmpdir(), 'portal-encoding-')));
  }

  async publish(work: string, folder: string) {
    const target = this.place(folder);
    await mkdir(dirname(target), { recursive: true });
    // Renamed aside first, so readers see either the whole old folder or the whole new one.
    const old = `${target}.old-${randomUUID()}`;
    const existed = await rename(target, old).then(
      () => true,
      () => false,
    );
    await rename(work, target).catch(async (error: NodeJS.ErrnoException) => {
      // A work folder in the system's temporary folder may be on another disk.
      if (error.code !== 'EXDEV') throw error;
      await cp(work, target, { recursive: true });
      await rm(work, { recursive: true, force: true });
    });
    if (existed) await rm(old, { recursive: true, force: true });
  }

  async discard(work: string) {
    await rm(work, { recursive: true, force: true });
  }
}
