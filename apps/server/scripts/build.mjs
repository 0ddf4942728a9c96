// Compiles the server to JavaScript in apps/server/dist: one ES module per entry, with the workspace's
// contract package bundled in and the npm dependencies left to node_modules, so the built server runs on
// plain Node (no tsx or other dev dependency) and after `npm prune --omit=dev`. The SQL migrations are
// copied beside it (src/paths.ts finds them there).
import { build } from 'esbuild';
import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { dependencies } = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));

rmSync(`${root}dist`, { recursive: true, force: true });
const started = performance.now();
const commands = readdirSync(`${root}src/cli/commands`).filter((file) => file.endsWith('.ts'));
await build({
  // The command line sits beside the server (dist/cli.js), and its commands in dist/commands/, where
  // run-cli.ts looks for them, so `npm run portal` works in a pruned production tree too.
  entryPoints: [
    { in: `${root}src/server.ts`, out: 'server' },
    { in: `${root}src/cli/main.ts`, out: 'cli' },
    // The embedded database's thread, which src/db/pglite-thread.ts starts from the file beside it.
    { in: `${root}src/db/pglite-worker.ts`, out: 'pglite-worker' },
    ...commands.map((file) => ({
      in: `${root}src/cli/commands/${file}`,
      out: `commands/${file.replace(/\.ts$/, '')}`,
    })),
  ],
  outdir: `${root}dist`,
  // Code the server and the commands share goes into shared chunks once, so a class such as CommandError is
  // one class for run-cli and for every command (instanceof holds).
  splitting: true,
  chunkNames: 'chunk-[hash]',
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
