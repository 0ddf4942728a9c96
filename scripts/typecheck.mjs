// `npm run typecheck`: the four TypeScript projects, each remembering what it checked (tsc's incremental build info)
// in check-cache.mjs's folder. tsc compares every file's text with what it recorded, so a cached run reports exactly
// what a fresh one would.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checkCache as cache } from './check-cache.mjs';

const root = resolve(import.meta.dirname, '..');
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
