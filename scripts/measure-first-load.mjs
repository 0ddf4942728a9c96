// Prints what a first visit downloads, in gzip and brotli KB: the JavaScript of /login (the 110 KB
// budget of docs/decisions/002) and of Home. It follows index.html's entry and the Vite manifest's
// static imports from the entry and the route's lazily loaded page. A figure, not a test.
// Usage: node scripts/measure-first-load.mjs [dist folder, default apps/web/dist]
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { staticClosure } from '../apps/web/scripts/manifest-closure.mjs';

const dist = resolve(process.argv[2] ?? 'apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) throw new Error(`No ${manifestPath}: build the web app first (vite build, with build.manifest)`);
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const html = readFileSync(join(dist, 'index.html'), 'utf8');

// index.html's module scripts: Vite's entry, and boot.js (scripts/write-boot-script.mjs), which is not in the manifest.
const scripts = [...html.matchAll(/<script type="module"[^>]*src="\/([^"]+)"/g)].map((m) => m[1]);
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && scripts.includes(manifest[key].file));
if (!entryKey) throw new Error(`none of index.html's scripts (${scripts.join(', ')}) is the manifest's entry`);
const extraFiles = scripts.filter((file) => file !== manifest[entryKey].file);

/** A route's first load: the entry, these lazily loaded modules, and everything they import statically. */
const routes = {
  '/login': ['src/features/auth/login-page.tsx'],
  '/ (Home, signed in)': ['src/app/signed-in-app.tsx', 'src/features/home/home-page.tsx'],
};

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(6);

for (const [route, pages] of Object.entries(routes)) {
  const missing = pages.filter((page) => !manifest[page]);
  if (missing.length) {
    console.log(`${route}: not in this build (${missing.join(', ')})`);
    continue;
  }
  console.log(`\n${route}            gzip KB  brotli KB`);
  let gzip = 0;
  let brotli = 0;
  for (const file of [...extraFiles, ...staticClosure(manifest, [entryKey, ...pages]).map((key) => manifest[key].file)]) {
    const content = readFileSync(join(dist, file));
    const g = gzipSync(content, { level: 9 }).length;
    const b = brotliCompressSync(content).length;
    gzip += g;
    brotli += b;
    console.log(`  ${file.padEnd(40)} ${kb(g)}  ${kb(b)}`);
  }
  console.log(`  ${'total JavaScript'.padEnd(40)} ${kb(gzip)}  ${kb(brotli)}`);
}
