// Runs everything CI runs and closes with one line: "tests: N passed, N failed". Steps that do not need each other's
// results overlap, so a 2-core machine is never idle: the build runs beside the unit tests, and the end-to-end tests
// run in three shards (E2E_SHARDS), each with its own server and browser. A step that runs beside another prints its
// output when it ends. TEST_DATABASE_URL (a PostgreSQL server) runs the API tests a second time against it, in the
// same vitest run. What the checks and runs remember is restored at the start and saved at the end (check-cache.mjs).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2eTimes, eslintCache, restoreCheckCache, saveCheckCache } from './check-cache.mjs';

const reports = mkdtempSync(join(tmpdir(), 'portal-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
const failedTests = [];

const stepTimes = [];
const slowFiles = [];
const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
// The machine's CPU ticks (all cores) from /proc/stat: how busy the cores were during a step says whether more
// side-by-side work would shorten CI (idle cores) or only slow every test down (busy ones). Linux only.
function cpuTicks() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { idle: fields[3] + fields[4], total: fields.reduce((sum, value) => sum + value, 0) };
  } catch {
    return undefined;
  }
}
const busyPercent = (from, to) =>
  from && to && to.total > from.total
    ? `, cores ${Math.round(100 * (1 - (to.idle - from.idle) / (to.total - from.total)))} % busy`
    : '';

/** One step; `beside` keeps its output until it ends (another step is printing meanwhile). */
function run(name, command, args, { env = {}, beside = false } = {}) {
  if (!beside) console.log(`\n=== ${name}`);
  const start = Date.now();
  const ticks = cpuTicks();
  const child = spawn(command, args, {
    stdio: beside ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (beside) process.stdout.write(`\n=== ${name}\n${Buffer.concat(output).toString()}`);
      stepTimes.push(`${seconds(Date.now() - start).padStart(6)}  ${name}${busyPercent(ticks, cpuTicks())}`);
      if (code !== 0) failedSteps.push(name);
      resolve(code === 0);
    });
  });
}

async function vitest(name, projects, { env = {}, args = [], beside = false } = {}) {
  const file = join(reports, `${name.replace(/\W+/g, '-')}.json`);
  await run(
    name,
    'npx',
    [
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      ...args,
      '--reporter=default',
      '--reporter=./scripts/summary-reporter.mjs',
    ],
    { env: { ...env, SUMMARY_FILE: file }, beside },
  );
  if (!existsSync(file)) return;
  const summary = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += summary.passed;
  totals.failed += summary.failed;
  totals.skipped += summary.skipped;
  for (const failure of summary.failures) failedTests.push(`${name}: ${failure}`);
  slowFiles.push(...summary.files);
}

/**
 * The end-to-end files in `count` shards of about equal time, by each file's time in the last run (longest first, each
 * to the shard with least so far; a new file counts as the median). Undefined when no run was timed: vitest's --shard
 * then splits them by count, which left one shard running alone for a minute.
 */
function e2eShards(count) {
  let times;
  try {
    times = JSON.parse(readFileSync(e2eTimes, 'utf8'));
  } catch {
    return undefined;
  }
  const known = Object.values(times).sort((a, b) => a - b);
  const typical = known[Math.floor(known.length / 2)] ?? 30_000;
  const time = (file) => times[file] ?? typical;
  const files = readdirSync('e2e')
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `e2e/${name}`)
    .sort((a, b) => time(b) - time(a));
  const shards = Array.from({ length: count }, () => ({ ms: 0, files: [] }));
  for (const file of files) {
    const lightest = shards.reduce((least, shard) => (shard.ms < least.ms ? shard : least));
    lightest.files.push(file);
    lightest.ms += time(file);
  }
  return shards.map((shard) => shard.files);
}

/** Keeps each end-to-end file's time from this run for the next one's shards. */
function keepE2eTimes() {
  const times = {};
  for (const { where, ms } of slowFiles) if (where.startsWith('e2e: ')) times[where.slice('e2e: '.length)] = ms;
  if (Object.keys(times).length) writeFileSync(e2eTimes, JSON.stringify(times, null, 1));
}

const only = process.argv[2];
restoreCheckCache();
if (!only || only === 'static') {
  // Both remember what they checked (check-cache.mjs: in the checkout, started from and saved to PORTAL_CHECK_CACHE,
  // which .ci/run keeps outside the clean clone). tsc is exact; ESLint re-lints a file whose text or config changed,
  // so a promise rule's finding caused only by a change in another file shows when that file is next edited, or in a
  // run without the cache (`npm run lint`). Side by side: each keeps one core busy.
  await Promise.all([
    run('type-check', 'npm', ['run', '--silent', 'typecheck']),
    run(
      'lint',
      'npx',
      ['eslint', '--max-warnings=0', '--cache', '--cache-strategy', 'content', '--cache-location', eslintCache, '.'],
      { beside: true },
    ),
  ]);
  // Biome's formatter, line width 120 (biome.json): `npm run format` writes what this asks for.
  await run('format', 'npx', ['biome', 'format', '.']);
}
// The build (for the end-to-end and production steps) runs beside the unit tests.
const wantsBuild = !only || only === 'e2e' || only === 'production';
const building = wantsBuild
  ? run('build the web app and the server', 'npm', ['run', 'build'], { beside: !only || only === 'unit' })
  : Promise.resolve(false);
if (!only || only === 'unit') {
  // Prometheus's linter for /metrics (installed with apt-get when missing and root, as Chromium is).
  await run('promtool', 'bash', ['scripts/ensure-promtool.sh']);
  // ffmpeg, which the video ladder tests encode short clips with (Debian's package, the same way).
  await run('ffmpeg', 'bash', ['scripts/ensure-ffmpeg.sh']);
  // One run: the web tests, the API tests on PGlite and (with TEST_DATABASE_URL) on PostgreSQL side by side, so a
  // file waiting on one database leaves the cores to the others. vitest's own default on 2 cores is one worker; the
  // API tests wait on their databases and servers often enough that two keep both cores busy. A failure's project
  // is in vitest's own lines.
  const postgres = process.env.TEST_DATABASE_URL;
  await vitest(
    postgres ? 'web and API tests (PGlite and PostgreSQL)' : 'web and API tests (PGlite)',
    ['web', 'server', ...(postgres ? ['server-postgres'] : [])],
    { env: { TEST_DATABASE_URL: '', POSTGRES_TEST_URL: postgres ?? '' }, args: ['--maxWorkers=2'] },
  );
}
const built = await building;
if ((!only || only === 'e2e') && built && (await run('Chromium', 'bash', ['scripts/ensure-chromium.sh']))) {
  // Shards, each with its own server, database and browser (e2e/support/global-setup.ts): a journey spends much of
  // its time waiting on the browser or the line, and the other shards' work fills it. E2E_SHARDS: how many.
  const count = Number(process.env.E2E_SHARDS ?? 3);
  const shards = e2eShards(count);
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      vitest(`end-to-end tests (Chromium), shard ${i + 1} of ${count}`, ['e2e'], {
        args: shards?.[i] ?? [`--shard=${i + 1}/${count}`],
        beside: i > 0,
      }),
    ),
  );
  keepE2eTimes();
}
const deployTools =
  (!only || only === 'production') &&
  (await run('nginx and systemd-analyze', 'bash', ['scripts/ensure-deploy-tools.sh']));
if (deployTools) {
  const passed = await run(
    'deploy files: nginx -t of deploy/nginx.conf (and its TLS edit), systemd-analyze of the unit',
    'node',
    ['scripts/check-deploy-files.mjs'],
  );
  totals[passed ? 'passed' : 'failed'] += 1;
}
if ((!only || only === 'production') && built && process.env.TEST_DATABASE_URL) {
  // The production layout: the built server after `npm prune --omit=dev`, two instances on a fresh database.
  const release = mkdtempSync(join(tmpdir(), 'portal-release-'));
  if (await run('pruned production tree', 'node', ['scripts/make-release.mjs', release])) {
    const passed = await run('two instances of the built server on one fresh PostgreSQL database', 'node', [
      'scripts/two-instances.mjs',
      release,
    ]);
    totals[passed ? 'passed' : 'failed'] += 1;
    if (deployTools) {
      const restarted = await run('rolling restart of two instances behind nginx under load', 'node', [
        'scripts/restart-behind-nginx.mjs',
        release,
      ]);
      totals[restarted ? 'passed' : 'failed'] += 1;
    }
  }
  rmSync(release, { recursive: true, force: true });
}

saveCheckCache();

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
