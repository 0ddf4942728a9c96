import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// This module sits directly in src/, and the built server is one file directly in dist/: either way the
// server's folder is one level up, so these paths hold for both (nothing else may use import.meta.url).
// The built command line's commands sit one level deeper, in dist/commands/.
const located = fileURLToPath(new URL('.', import.meta.url));
const here =
  basename(located) === 'commands' && basename(dirname(located)) === 'dist' ? join(dirname(located), '/') : located;
const built = basename(here) === 'dist';

export const serverRoot = resolve(here, '..');
/** SQL migrations: beside the source, or copied beside the built server. */
export const migrationsDir = join(here, built ? 'migrations' : 'db/migrations', '/');
/** The demo pictures and videos, and the demo study materials, shipped with the code. */
export const demoMediaDir = join(serverRoot, 'media', '/');
export const demoMaterialsDir = join(serverRoot, 'materials', '/');
/** The built web app, when it has been built. */
export const builtWebApp = resolve(serverRoot, '../web/dist');
