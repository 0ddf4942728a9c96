import { defineConfig, mergeConfig } from 'vite';
import studentApp from './vite.config.ts';

// The console (console.html, served at /console) is built on its own, after the student app and into the same
// dist/ folder: the student app's chunks stay byte for byte what they were without it (docs/decisions/005).
export default mergeConfig(
  studentApp,
  defineConfig({
    build: {
      emptyOutDir: false,
      manifest: '.vite/console-manifest.json',
      rollupOptions: { input: 'console.html' },
    },
  }),
);
