import { readdirSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTests = { environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 } as const;
// scripts/test.mjs sets it so that one run holds the API tests on both databases, side by side.
const postgresUrl = process.env.POSTGRES_TEST_URL;
// The PostgreSQL run holds the files that reach the database under test: through the test helper, a spawned
// installation (spawnPortal), or TEST_DATABASE_URL itself. The others (PGlite's own machinery, the CLI or a server
// spawned on a PGlite of its own, pure functions) would run exactly the same a second time: about 360 s of a worker's
// time in CI (cli-backup and log-output, which spawn a server with no DATABASE_URL, were 58 s of it).
const apiTestDir = 'apps/server/test';
const reachesTestDatabase = (file: string) =>
  /from '\.\/helper\.ts'|spawnPortal|TEST_DATABASE_URL/.test(readFileSync(`${apiTestDir}/${file}`, 'utf8'));
const postgresFiles = readdirSync(apiTestDir)
  .filter((file) => file.endsWith('.test.ts') && reachesTestDatabase(file))
  .map((file) => `${apiTestDir}/${file}`);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          // On PGlite, or on the PostgreSQL server TEST_DATABASE_URL names (a schema per file).
          name: 'server',
          include: [
            'apps/server/test/**/*.test.ts',
            'packages/contract/test/**/*.test.ts',
            'eslint-rules/**/*.test.ts',
          ],
          globalSetup: ['apps/server/test/global-setup.ts'],
          ...apiTests,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'server-postgres',
                include: postgresFiles,
                env: { TEST_DATABASE_URL: postgresUrl },
                ...apiTests,
              },
            },
          ]
        : []),
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
          // A screen's first lazy load transforms its modules; on a busy 2-core machine that can pass 5 s.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser and one server are shared; files run one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});
