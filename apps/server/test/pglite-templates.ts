import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where global-setup.ts left this run's PGlite templates; unset outside a vitest run (a bench): initdb then. */
export const templatesVariable = 'PORTAL_TEST_PGLITE_TEMPLATES';

/**
 * `empty`: the initdb'd cluster, for what must see migrations run on it. `migrated`: the same after `migrate` with
 * this tree's migrations, so the `migrate` that follows finds nothing to do.
 */
export type Template = 'empty' | 'migrated';

/** The template as a tar for an in-memory database to load (openPglite's `start`), or none outside a vitest run. */
export async function templateTar(template: Template): Promise<Blob | undefined> {
  const dir = process.env[templatesVariable];
  return dir ? new Blob([await readFile(join(dir, `${template}.tar`))]) : undefined;
}

/**
 * Makes `folder`, a PGlite data folder that does not exist yet, a copy of the template, as if PGlite's initdb (and,
 * for `migrated`, `migrate`) had run in it: what the server or a command line opening it would otherwise do first,
 * at 2.5 s of CPU. Outside a vitest run it leaves the folder alone (they run initdb then).
 */
export async function copyTemplate(folder: string, template: Template = 'empty'): Promise<void> {
  const dir = process.env[templatesVariable];
  if (dir) await cp(join(dir, template), folder, { recursive: true, errorOnExist: true, force: false });
}
