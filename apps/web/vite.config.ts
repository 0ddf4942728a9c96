import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/** In development, /console and its deep links load the console's page, as the server does in production. */
const consolePages: Plugin = {
  name: 'console-pages',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      const path = request.url?.split('?')[0] ?? '';
      if (
        path === '/console' ||
        (path.startsWith('/console/') && !path.startsWith('/console/micros/') && !/\.\w+$/.test(path))
      ) {
        request.url = '/console.html';
      }
      next();
    });
  },
};

export default defineConfig({
  base: '/',
  plugins: [react(), tailwindcss(), consolePages],
  // hls.js's light build: the ladder has no DRM, subtitles, alternate audio or interstitials, and on a 400 kbit/s
  // line the full build's extra 50 KB (brotli) is about a second of a student's first video (docs/decisions/074).
  // The HLS element imports the full build by its path; both names lead to the light one.
  resolve: {
    alias: [{ find: /^hls\.js(\/dist\/hls\.mjs)?$/, replacement: 'hls.js/dist/hls.light.mjs' }],
  },
  // The institute's time zone, in which every screen shows dates and times (lib/date-time.ts); the server reads
  // the same variable, so set INSTITUTE_TIMEZONE when building as well as when running.
  define: { __INSTITUTE_TIMEZONE__: JSON.stringify(process.env.INSTITUTE_TIMEZONE || 'Asia/Kolkata') },
  // The manifest lets scripts/measure-first-load.mjs follow what each route loads.
  build: { target: 'es2022', sourcemap: false, assetsInlineLimit: 2048, manifest: true },
  server: {
    proxy: { '/console/micros': apiTarget, '/media': apiTarget, '/materials': apiTarget },
  },
});
