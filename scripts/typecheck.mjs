// `npm run typecheck`: the four TypeScript projects, each remembering what it checked (tsc's incremental build info)
// in PORTAL_CHECK_CACHE (CI sets a folder that outlives its clean clones) or node_modules/.cache/portal. tsc compares
// every file's text with what it recorded, so a cached run reports exactly what a fresh one would.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const cache = process.env.PORTAL_CHECK_CACHE || join(root, 'node_modules/.cache/portal');
mkdirSync(cache, { recursive: true });
const tsc = join(root, 'node_modules/typescript/bin/tsc');

let failed = false;
for (const [name, project] of [
  ['contract', 'packages/contract'],
  ['server', 'apps/server'],
  ['web', 'apps/web'],
  ['e2e', 'e2e'],
]) {
  const args = [tsc, '-p', project, '--incremental', '--tsBuildInfoFile', join(cache, `${name}.tsbuildinfo`)];
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
