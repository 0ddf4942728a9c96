// Writes dist/sw.js with Workbox after the boot script (so boot-*.js and the final index.html are precached)
// and before precompression. See docs/decisions/035-offline.md.
import { existsSync, readFileSync } from 'node:fs';
import { generateSW } from 'workbox-build';

const dist = new URL('../dist/', import.meta.url).pathname;
const LARGE_ASSET_BYTES = 400 * 1024;

// The staff console is built into the same folder (vite.console.config.ts): its own chunks are not the
// student app's and are not precached for students.
const filesOf = (manifest) =>
  existsSync(`${dist}${manifest}`)
    ? Object.values(JSON.parse(readFileSync(`${dist}${manifest}`, 'utf8'))).flatMap((c) => [c.file, ...(c.css ?? [])])
    : [];
const studentFiles = new Set(filesOf('.vite/manifest.json'));
const consoleOnly = filesOf('.vite/console-manifest.json').filter((file) => !studentFiles.has(file));

const { count, size, warnings } = await generateSW({
  globDirectory: dist,
  swDest: `${dist}sw.js`,
  // The shell and every hashed asset but the few large ones (pdf.js and its worker, the HLS/DASH and embedded
  // players' libraries), which only a student who opens a document or such a video needs, and which need the
  // network for the document or video anyway: they are cached at first use instead (below), not downloaded on
  // mobile data at install.
  globPatterns: [
    'index.html',
    'manifest.webmanifest',
    'favicon.svg',
    'icons/*.png',
    'assets/**/*.{js,mjs,css,svg,png,woff2}',
  ],
  globIgnores: ['console.html', ...consoleOnly],
  maximumFileSizeToCacheInBytes: LARGE_ASSET_BYTES,
  // Hashed names change with their content: no revision query needed, and the server caches them for a year.
  dontCacheBustURLsMatching: /^assets\//,
  navigateFallback: '/index.html',
  // The staff console, the API, media, documents and the health checks are never answered with the student shell.
  navigateFallbackDenylist: [/^\/console(\/|$)/, /^\/media\//, /^\/materials\//, /^\/(healthz|readyz|metrics)$/],
  // Shows pushed class reminders and news notices and opens them (public/push-handler.js, docs/decisions/075).
  importScripts: ['/push-handler.js'],
  inlineWorkboxRuntime: true,
  sourcemap: false,
  clientsClaim: true,
  // A new version waits until the student chooses Reload (lib/service-worker.tsx); old and new code never mix.
  skipWaiting: false,
  cleanupOutdatedCaches: true,
  runtimeCaching: [
    {
      // Other hashed assets (pdf.js) once used; immutable, so the cache is always right.
      urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
      handler: 'CacheFirst',
      options: { cacheName: 'assets', expiration: { maxEntries: 40 } },
    },
    {
      // Subject and news pictures are public; cleared at Logout all the same (lib/private-data.ts).
      urlPattern: ({ request, url, sameOrigin }) =>
        sameOrigin && request.destination === 'image' && url.pathname.startsWith('/media/'),
      handler: 'StaleWhileRevalidate',
      options: { cacheName: 'media-images', expiration: { maxEntries: 80, maxAgeSeconds: 7 * 24 * 3600 } },
    },
  ],
});
const skipped = warnings.filter((warning) => warning.includes("won't be precached"));
for (const warning of warnings) if (!skipped.includes(warning)) console.warn(warning);
console.log(
  `sw.js: ${count} files precached, ${(size / 1024).toFixed(1)} KB; ${skipped.length} files over ${LARGE_ASSET_BYTES / 1024} KB cached at first use`,
);
