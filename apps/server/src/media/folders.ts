import { cp, mkdir, readdir } from 'node:fs/promises';
import type { Config } from '../config.ts';
import { demoMaterialsDir, demoMediaDir } from '../paths.ts';

/** Where course media and study materials live: MEDIA_DIR / MATERIALS_DIR (loadConfig defaults them under DATA_DIR), else the demo folders. */
export const mediaDir = (config: Pick<Config, 'MEDIA_DIR'>) => withSlash(config.MEDIA_DIR ?? demoMediaDir);
export const materialsDir = (config: Pick<Config, 'MATERIALS_DIR'>) =>
  withSlash(config.MATERIALS_DIR ?? demoMaterialsDir);

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
      await copyBesideOthers(demo, dir);
    }
  }
}

/**
 * Several instances may copy at once into a shared folder. Files already there are left as they are (another
 * instance copied the same ones), and since fs.cp checks a folder before creating it, a copy that meets
 * EEXIST because another created that folder in between is simply run again.
 */
async function copyBesideOthers(from: string, to: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await cp(from, to, { recursive: true, force: false, errorOnExist: false });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt === 5) throw error;
    }
  }
}
