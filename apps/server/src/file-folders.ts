import { cp, mkdir, readdir } from 'node:fs/promises';
import type { Config } from './config.ts';
import { demoMaterialsDir, demoMediaDir } from './paths.ts';

/** Where course media and study materials live: MEDIA_DIR / MATERIALS_DIR, or the demo folders in the code tree. */
export const mediaDir = (config: Pick<Config, 'MEDIA_DIR'>) => withSlash(config.MEDIA_DIR ?? demoMediaDir);
export const materialsDir = (config: Pick<Config, 'MATERIALS_DIR'>) => withSlash(config.MATERIALS_DIR ?? demoMaterialsDir);

const withSlash = (dir: string) => (dir.endsWith('/') ? dir : `${dir}/`);

/**
 * Creates MEDIA_DIR and MATERIALS_DIR when they are set and missing. On the first start of a demo
 * installation (SEED_DEMO) an empty folder gets the demo files, which the demo data refers to.
 */
export async function prepareFileFolders(config: Pick<Config, 'MEDIA_DIR' | 'MATERIALS_DIR' | 'SEED_DEMO'>) {
  for (const [dir, demo] of [
    [config.MEDIA_DIR, demoMediaDir],
    [config.MATERIALS_DIR, demoMaterialsDir],
  ] as const) {
    if (!dir) continue;
    await mkdir(dir, { recursive: true });
    if (config.SEED_DEMO && (await readdir(dir)).length === 0) {
      // Several instances may do this at once on a shared folder: copying the same files over each other is harmless.
      await cp(demo, dir, { recursive: true, force: true });
    }
  }
}
