// Makes the tree a production host (or the Dockerfile's last stage) holds: the built server and web app,
// demo media, and node_modules after `npm prune --omit=dev` (no tsx, esbuild, vite, vitest...). Copies with
// hard links, so it is quick and cheap; prints its size. The two-instance test runs from it.
//
//   node scripts/make-release.mjs DIR     (after npm run build)
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const target = resolve(process.argv[2] ?? join(root, '.tmp-release'));
for (const built of ['apps/server/dist/server.js', 'apps/web/dist/index.html']) {
  if (!existsSync(join(root, built))) throw new Error(`${built} is missing: run npm run build first`);
}
rmSync(target, { recursive: true, force: true });
const parts = [
  'package.json',
  'package-lock.json',
  // `npm run portal -- …` (backup, restore, staff add…) runs the built command line there.
  'scripts/portal.mjs',
  // Restarts the systemd instances one at a time (docs/operations.md, section 8).
  'scripts/rolling-restart.mjs',
  'node_modules',
  'packages/contract/package.json',
  'apps/web/dist',
  'apps/server/package.json',
  'apps/server/node_modules',
  'apps/server/dist',
  'apps/server/media',
  'apps/server/materials',
];
for (const part of parts) {
  if (!existsSync(join(root, part))) continue;
  mkdirSync(dirname(join(target, part)), { recursive: true });
  execFileSync('cp', ['-al', join(root, part), join(target, part)]);
}
// npm rewrites these in place: they must be copies, not links to this repository's files.
for (const written of ['package-lock.json', 'node_modules/.package-lock.json']) {
  if (!existsSync(join(target, written))) continue;
  rmSync(join(target, written));
  copyFileSync(join(root, written), join(target, written));
}
// The web app's dependencies are bundled into apps/web/dist: in production only the server's workspace remains.
const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
rmSync(join(target, 'package.json'));
writeFileSync(
  join(target, 'package.json'),
  `${JSON.stringify({ ...manifest, workspaces: ['packages/*', 'apps/server'] }, null, 2)}\n`,
);
const started = Date.now();
execFileSync('npm', ['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund'], { cwd: target, stdio: 'inherit' });
const size = (path) => {
  try {
    return execFileSync('du', ['-sh', '--apparent-size', path], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .split('\t')[0];
  } catch {
    return '?'; // busybox du (Alpine) has no --apparent-size
  }
};
console.log(
  `release tree at ${target}: ${size(target)} (node_modules ${size(join(target, 'node_modules'))}), pruned in ${Date.now() - started} ms`,
);
