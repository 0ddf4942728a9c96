// What the type check, lint and test runs remember between runs, kept in the checkout (node_modules/.cache/portal) so
// that it holds no absolute path: tsc writes its build info relative to the file, and the ESLint cache's absolute
// paths are written as <<checkout>>. PORTAL_CHECK_CACHE (.ci/run sets it) names a folder that outlives clean clones:
// the checks start from it and leave what they learnt there, wherever the clone is (a cache keyed by the clone's path
// missed every time a CI run cloned elsewhere: 62 s of type check and 77 s of lint, against 10 s and 2 s warm).
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
export const checkCache = join(root, 'node_modules/.cache/portal');
export const eslintCache = join(checkCache, 'eslint-cache.json');
/** Each end-to-end file's time in the last run, which the next splits its shards by (scripts/test.mjs). */
export const e2eTimes = join(checkCache, 'e2e-times.json');
// Vitest's own record of each file's last time: it starts the longest files first, so none is left running alone.
const vitestResults = join(root, 'node_modules/.vite/vitest');
const kept = process.env.PORTAL_CHECK_CACHE;
const placeholder = '<<checkout>>';

const swap = (file, from, to) => {
  if (existsSync(file)) writeFileSync(file, readFileSync(file, 'utf8').replaceAll(`${from}/`, `${to}/`));
};

/** Copies the kept cache (if any) into the checkout, with this checkout's path in the ESLint cache. */
export function restoreCheckCache() {
  mkdirSync(checkCache, { recursive: true });
  if (!kept || !existsSync(kept)) return;
  for (const name of readdirSync(kept)) {
    if (name !== 'vitest') cpSync(join(kept, name), join(checkCache, name), { recursive: true });
  }
  if (existsSync(join(kept, 'vitest'))) cpSync(join(kept, 'vitest'), vitestResults, { recursive: true });
  swap(eslintCache, placeholder, root);
}

/** Copies the checkout's cache to the kept folder, with the checkout's path written as a placeholder. */
export function saveCheckCache() {
  if (!kept || !existsSync(checkCache)) return;
  mkdirSync(kept, { recursive: true });
  for (const name of readdirSync(checkCache)) cpSync(join(checkCache, name), join(kept, name), { recursive: true });
  if (existsSync(vitestResults)) cpSync(vitestResults, join(kept, 'vitest'), { recursive: true });
  swap(join(kept, 'eslint-cache.json'), root, placeholder);
}
