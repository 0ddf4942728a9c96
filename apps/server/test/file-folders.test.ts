import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareFileFolders } from '../src/media/folders.ts';
import { demoMaterialsDir } from '../src/paths.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('preparing shared file folders', () => {
  it('lets several instances fill the same empty folders with the demo files at once', async () => {
    for (let round = 0; round < 3; round++) {
      const dir = await mkdtemp(join(tmpdir(), 'portal-folders-'));
      dirs.push(dir);
      const config = { MEDIA_DIR: join(dir, 'media'), MATERIALS_DIR: join(dir, 'materials'), SEED_DEMO: true };
      const results = await Promise.allSettled([1, 2, 3, 4].map(() => prepareFileFolders(config)));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      expect((await readdir(config.MATERIALS_DIR)).sort()).toEqual((await readdir(demoMaterialsDir)).sort());
    }
  });
});
