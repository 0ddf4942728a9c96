// Runs everything CI runs, in order, and closes with one line: "tests: N passed, N failed".
// TEST_DATABASE_URL (a PostgreSQL server) runs the API tests a second time against it, in the same vitest run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const reports = mkdtempSync(join(tmpdir(), 'portal-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
const failedTests = [];

const stepTimes = [];
const slowFiles = [];
const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}`);
  const start = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  stepTimes.push(`${seconds(Date.now() - start).padStart(6)}  ${name}`);
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

function vitest(name, projects, env = {}) {
  const file = join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=./scripts/summary-reporter.mjs',
  ];
  run(name, 'npx', args, { ...env, SUMMARY_FILE: file });
  if (!existsSync(file)) return;
  const summary = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += summary.passed;
  totals.failed += summary.failed;
  totals.skipped += summary.skipped;
  for (const failure of summary.failures) failedTests.push(`${name}: ${failure}`);
  slowFiles.push(...summary.files);
}

const only = process.argv[2];
if (!only || only === 'static') {
  // Both remember what they checked (PORTAL_CHECK_CACHE: .ci/run keeps it outside the clean clone). tsc is exact;
  // ESLint re-lints a file whose text or config changed, so a promise rule's finding caused only by a change in
  // another file shows when that file is next edited, or in a run without the cache (`npm run lint`).
  run('type-check', 'npm', ['run', '--silent', 'typecheck']);
  const lintCache = join(process.env.PORTAL_CHECK_CACHE || 'node_modules/.cache/portal', 'eslint/');
  run('lint', 'npx', [
    'eslint',
    '--max-warnings=0',
    '--cache',
    '--cache-strategy',
    'content',
    '--cache-location',
    lintCache,
    '.',
  ]);
  // Biome's formatter, line width 120 (biome.json): `npm run format` writes what this asks for.
  run('format', 'npx', ['biome', 'format', '.']);
}
if (!only || only === 'unit') {
  // Prometheus's linter for /metrics (installed with apt-get when missing and root, as Chromium is).
  run('promtool', 'bash', ['scripts/ensure-promtool.sh']);
  // One run: the web tests, the API tests on PGlite and (with TEST_DATABASE_URL) on PostgreSQL side by side, so a
  // file waiting on one database leaves the cores to the others. A failure's project is in vitest's own lines.
  const postgres = process.env.TEST_DATABASE_URL;
  vitest(
    postgres ? 'web and API tests (PGlite and PostgreSQL)' : 'web and API tests (PGlite)',
    ['web', 'server', ...(postgres ? ['server-postgres'] : [])],
    {
      TEST_DATABASE_URL: '',
      POSTGRES_TEST_URL: postgres ?? '',
    },
  );
}
let built = false;
if (!only || only === 'e2e' || only === 'production')
  built = run('build the web app and the server', 'npm', ['run', 'build']);
if ((!only || only === 'e2e') && built && run('Chromium', 'bash', ['scripts/ensure-chromium.sh'])) {
  vitest('end-to-end tests (Chromium)', ['e2e']);
}
const deployTools =
  (!only || only === 'production') && run('nginx and systemd-analyze', 'bash', ['scripts/ensure-deploy-tools.sh']);
if (deployTools) {
  const passed = run(
    'deploy files: nginx -t of deploy/nginx.conf (and its TLS edit), systemd-analyze of the unit',
    'node',
    ['scripts/check-deploy-files.mjs'],
  );
  totals[passed ? 'passed' : 'failed'] += 1;
}
if ((!only || only === 'production') && built && process.env.TEST_DATABASE_URL) {
  // The production layout: the built server after `npm prune --omit=dev`, two instances on a fresh database.
  const release = mkdtempSync(join(tmpdir(), 'portal-release-'));
  if (run('pruned production tree', 'node', ['scripts/make-release.mjs', release])) {
    const passed = run('two instances of the built server on one fresh PostgreSQL database', 'node', [
      'scripts/two-instances.mjs',
      release,
    ]);
    totals[passed ? 'passed' : 'failed'] += 1;
    if (deployTools) {
      const restarted = run('rolling restart of two instances behind nginx under load', 'node', [
        'scripts/restart-behind-nginx.mjs',
        release,
      ]);
      totals[restarted ? 'passed' : 'failed'] += 1;
    }
  }
  rmSync(release, { recursive: true, force: true });
}

// Where the minutes went: each step, and the test files that took longest (time inside the file, summed per worker).
console.log(`\n=== times (${seconds(Date.now() - started)} in all)\n${stepTimes.join('\n')}`);
slowFiles.sort((a, b) => b.ms - a.ms);
console.log(
  `slowest test files:\n${slowFiles
    .slice(0, 12)
    .map((f) => `${seconds(f.ms).padStart(6)}  ${f.where}`)
    .join('\n')}`,
);

// Repeated at the end, where a log cut to its last lines still shows them.
for (const failed of failedTests) console.log(`failed: ${failed}`);
console.log(`\n${failedSteps.length ? `failed steps: ${failedSteps.join(', ')}` : 'all steps passed'}`);
console.log(
  `tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failedSteps.length ? 1 : 0);
