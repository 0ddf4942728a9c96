// Prints what a first visit downloads, in gzip and brotli KB: the JavaScript of /login (the 110 KB
// budget of docs/decisions/002) and of Home, and of the console's first screens (its own build, 250 KB
// budget, docs/decisions/005). It follows each page's entry script and the Vite manifest's static imports
// from the entry, the route's lazily loaded page and what the entry imports on every page once it has loaded
// (the service worker's registration: fetched before the page is idle). A figure, not a test.
// e2e/login-first-paint.test.ts checks in Chromium that this list is every script /login fetches before idle.
// Usage: node scripts/measure-first-load.mjs [dist folder, default apps/web/dist]
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { staticClosure } from '../apps/web/scripts/manifest-closure.mjs';

const dist = resolve(process.argv[2] ?? 'apps/web/dist');

/** Each web app: its page, its build's manifest, and per route the lazily loaded modules of its first screen. */
const apps = [
  {
    html: 'index.html',
    // /login has a page of its own, with its screen drawn in (apps/web/scripts/prerender-pages.mjs).
    pages: { '/login': 'login.html' },
    manifest: '.vite/manifest.json',
    budget: 110,
    // main.tsx imports the service worker's registration on every page's load event.
    onLoad: ['src/lib/service-worker.tsx'],
    routes: {
      '/login': ['src/features/auth/login-page.tsx'],
      '/ (Home, signed in)': ['src/app/signed-in-app.tsx', 'src/features/home/home-page.tsx'],
    },
  },
  {
    html: 'console.html',
    manifest: '.vite/console-manifest.json',
    budget: 250,
    routes: {
      '/console/sign-in': ['src/console/features/sign-in/sign-in-page.tsx'],
      '/console (Overview, signed in)': ['src/console/app/console-shell.tsx', 'src/console/app/overview-page.tsx'],
    },
  },
];

/**
 * The scripts a page loads: its <script src> tags (boot.js, login.html's first-paint.js, index.html's shell-paint.js:
 * not in the manifest) and the scripts those two add from their data-scripts (Vite's entry).
 */
const pageScripts = (html) =>
  [...html.matchAll(/<script\b[^>]*>/g)]
    .flatMap(([tag]) => [
      tag.match(/\bsrc="\/([^"]+)"/)?.[1],
      ...(tag.match(/\bdata-scripts="([^"]+)"/)?.[1].split(' ') ?? []),
    ])
    .filter(Boolean)
    .map((src) => src.replace(/^\//, ''));

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(6);

for (const app of apps) {
  const manifestPath = join(dist, app.manifest);
  if (!existsSync(manifestPath)) {
    console.log(`\nNo ${manifestPath}: build the web app first (npm run build)`);
    continue;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  for (const [route, pages] of Object.entries(app.routes)) {
    const missing = pages.filter((page) => !manifest[page]);
    if (missing.length) {
      console.log(`${route}: not in this build (${missing.join(', ')})`);
      continue;
    }
    const page = app.pages?.[route] && existsSync(join(dist, app.pages[route])) ? app.pages[route] : app.html;
    const scripts = pageScripts(readFileSync(join(dist, page), 'utf8'));
    const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && scripts.includes(manifest[key].file));
    if (!entryKey) throw new Error(`none of ${page}'s scripts (${scripts.join(', ')}) is the manifest's entry`);
    const extraFiles = scripts.filter((file) => file !== manifest[entryKey].file);
    console.log(`\n${route} (${page})            gzip KB  brotli KB`);
    let gzip = 0;
    let brotli = 0;
    for (const file of [
      ...extraFiles,
      ...staticClosure(manifest, [entryKey, ...pages, ...(app.onLoad ?? [])]).map((key) => manifest[key].file),
    ]) {
      const content = readFileSync(join(dist, file));
      const g = gzipSync(content, { level: 9 }).length;
      const b = brotliCompressSync(content).length;
      gzip += g;
      brotli += b;
      console.log(`  ${file.padEnd(40)} ${kb(g)}  ${kb(b)}`);
    }
    const verdict =
      gzip / 1024 <= app.budget ? `within the ${app.budget} KB budget` : `OVER the ${app.budget} KB budget`;
    console.log(`  ${'total JavaScript'.padEnd(40)} ${kb(gzip)}  ${kb(brotli)}   ${verdict}`);
  }
}
