// Compiles the server to JavaScript in apps/server/dist: one ES module per entry, with the workspace's
// contract package bundled in and the npm dependencies left to node_modules, so the built server runs on
// plain Node (no tsx or other dev dependency) and after `npm prune --omit=dev`. The SQL migrations are
// copied beside it (src/paths.ts finds them there).
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { dependencies } = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));

rmSync(`${root}dist`, { recursive: true, force: true });
const started = performance.now();
await build({
  entryPoints: [`${root}src/server.ts`],
  outdir: `${root}dist`,
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  format: 'esm',
  // A dependency and its subpaths (zod/mini) stay imports; only our own TypeScript is bundled.
  external: Object.keys(dependencies),
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
});
cpSync(`${root}src/db/migrations`, `${root}dist/migrations`, { recursive: true });
console.log(`server built into apps/server/dist in ${Math.round(performance.now() - started)} ms`);
