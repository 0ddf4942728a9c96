// CI test of a rolling restart: two instances of the BUILT server on one fresh PostgreSQL database, behind nginx
// running deploy/nginx.conf (only its addresses, ports and paths replaced: scripts/nginx-config.mjs), with a steady
// load of student API calls, pages and scripts through nginx while each instance in turn gets SIGTERM and is started
// again, the second only once the first answers /readyz (as scripts/rolling-restart.mjs does). Instance a runs as
// `npm run serve` (the signal goes to npm), b as the systemd unit runs it.
// Checks: not one request failed; /readyz said 503 before the port closed; each stop ended within 10 s (and the
// unit's TimeoutStopSec) and left its port free. Prints the figures; exits 1 on any failure.
//
//   node scripts/restart-behind-nginx.mjs [tree]   tree: the built server (default: this repository)
// Needs PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test) and nginx
// (scripts/ensure-deploy-tools.sh). RESTART_ROUNDS=N restarts each instance N times (1 in CI), to look for rare losses.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { get } from 'node:http';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import postgres from 'postgres';
import { mainConfig, portalSite } from './nginx-config.mjs';
import { waitUntilReady } from './rolling-restart.mjs';

const tree = resolve(process.argv[2] ?? resolve(import.meta.dirname, '..'));
if (!existsSync(join(tree, 'apps/server/dist/server.js'))) {
  console.error(`No built server in ${tree}: run npm run build first.`);
  process.exit(1);
}
const unitStopSeconds = Number(
  /^TimeoutStopSec=(\d+)$/m.exec(readFileSync(resolve(import.meta.dirname, '../deploy/portal@.service'), 'utf8'))?.[1],
);
/** From SIGTERM to the process's exit, under load (issue 33; http/graceful-stop.ts cuts what is open at 8 s). */
const STOP_WITHIN_MS = 10_000;
/** Requests a second through nginx, from this many loops at once. */
const RATE = 300;
const LOOPS = 16;
/** Each instance is restarted this many times (more to look for rare losses by hand). */
const ROUNDS = Number(process.env.RESTART_ROUNDS ?? 1);

const serverUrl = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
const database = `portal_restart_${randomBytes(4).toString('hex')}`;
const adminUrl = Object.assign(new URL(serverUrl), { pathname: '/postgres' }).toString();
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();
const dir = mkdtempSync(join(tmpdir(), 'portal-restart-'));
// nginx's workers run as nobody when the test runs as root: they must reach the temporary folders below.
chmodSync(dir, 0o755);
const children = new Set();
/** Every instance started, with its log, printed when a request failed. */
const instances = [];
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};
const pause = (ms) => new Promise((done) => setTimeout(done, ms));
/** What happened when, in ms from the start of the load, printed beside failed requests. */
const timeline = { start: Date.now(), events: [] };
const mark = (what) => timeline.events.push(`${Date.now() - timeline.start} ms: ${what}`);

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => (port ? done(port) : fail(new Error('no port'))));
    });
  });
}

const refused = (port) =>
  new Promise((done) => {
    const probe = connect(port, '127.0.0.1');
    probe.once('connect', () => (probe.destroy(), done(false)));
    probe.once('error', () => done(true));
  });

function spawnLogged(name, command, args, options) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  children.add(child);
  const exited = new Promise((done) =>
    child.once('exit', (code, signal) => (children.delete(child), done({ code, signal, at: Date.now() }))),
  );
  return { name, child, exited, log: () => log };
}

/** One portal instance on `port`: `npm run serve` in the tree, or node directly as the systemd unit runs it. */
function startInstance(name, port, { viaNpm = false, env = {} } = {}) {
  const [command, args] = viaNpm
    ? ['npm', ['run', '--silent', 'serve']]
    : [process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js']];
  const instance = spawnLogged(name, command, args, {
    cwd: tree,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: 'restart-test-shares-this-secret-0123456789',
      SMS_PROVIDER: 'log',
      SMS_OUTBOX: join(dir, 'outbox.jsonl'),
      SEED_DEMO: 'true',
      MEDIA_DIR: join(dir, 'media'),
      MATERIALS_DIR: join(dir, 'materials'),
      DATA_DIR: join(dir, `${name}-data`),
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  instances.push(instance);
  const ready = () =>
    waitUntilReady(`http://127.0.0.1:${port}/readyz`, {
      timeoutMs: 120_000,
      stillRunning: () => instance.child.exitCode === null,
    });
  return { ...instance, port, ready };
}

/** Sends `RATE` requests a second through nginx from `LOOPS` loops until stopped; a request fails unless answered 200. */
function startLoad(base, token, studentId, script) {
  const requests = [
    () =>
      fetch(`${base}/console/micros/Api/Student/subjects`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Token: token },
        body: JSON.stringify({ stud_id: studentId }),
      }),
    () =>
      fetch(`${base}/console/micros/Api/Student/get_profile`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Token: token },
        body: JSON.stringify({ stud_id: studentId }),
      }),
    () => fetch(`${base}/topic/3`),
    () => fetch(base + script, { headers: { 'Accept-Encoding': 'br, gzip' } }),
  ];
  const load = { sent: 0, answered: 0, failed: [], stopped: false, started: Date.now() };
  timeline.start = load.started;
  const loop = async () => {
    // Bounded: stops when told, and in any case after three minutes.
    while (!load.stopped && Date.now() - load.started < 180_000) {
      const ticket = load.sent++;
      const due = load.started + (ticket * 1000) / RATE;
      if (due > Date.now()) await pause(due - Date.now());
      const request = requests[ticket % requests.length];
      try {
        const response = await request();
        await response.arrayBuffer();
        if (response.status !== 200)
          load.failed.push(
            `${response.status} at ${Date.now() - load.started} ms (request kind ${ticket % requests.length})`,
          );
      } catch (error) {
        load.failed.push(
          `${error.cause?.code ?? error.message} at ${Date.now() - load.started} ms (request kind ${ticket % requests.length})`,
        );
      }
      load.answered++;
    }
  };
  const loops = Promise.all(Array.from({ length: LOOPS }, loop));
  return Object.assign(load, {
    /** Resolves once `count` more requests have been answered. */
    async served(count) {
      const target = load.answered + count;
      while (load.answered < target && !load.stopped) await pause(20);
    },
    async stop() {
      load.stopped = true;
      await loops;
    },
  });
}

/** /readyz asked on a connection of its own that is closed after the answer, so the test holds none open. */
const readyzStatus = (port) =>
  new Promise((done, fail) => {
    const request = get({ host: '127.0.0.1', port, path: '/readyz', agent: false }, (response) => {
      response.resume();
      response.on('end', () => done(response.statusCode));
    });
    request.on('error', fail);
  });

/** SIGTERM to the instance while the load runs; then it is started again and waited for. Answers its figures. */
async function restart(instance, start) {
  const signalled = Date.now();
  instance.child.kill('SIGTERM');
  mark(`SIGTERM to ${instance.name}`);
  // /readyz must say 503 while the port still answers, so a balancer that polls it moves on before the port closes.
  const readySaid = [];
  while (instance.child.exitCode === null && !(await refused(instance.port))) {
    try {
      const status = await readyzStatus(instance.port);
      // Until the process has taken the signal it is still ready; from then on it must say otherwise.
      if (readySaid.at(-1) !== status && (readySaid.length > 0 || status !== 200)) readySaid.push(status);
    } catch {
      break; // Closed between the two checks.
    }
    await pause(20);
  }
  mark(`${instance.name}: port closed`);
  const { code, at } = await instance.exited;
  mark(`${instance.name}: exited`);
  const stopMs = at - signalled;
  check(
    readySaid[0] === 503,
    `${instance.name}: /readyz answered 503 from the SIGTERM until the port closed (${readySaid.join(', ') || 'nothing'})`,
  );
  // Issue 33's goal, below the unit's TimeoutStopSec and Docker's 10 s before it kills.
  check(
    code === 0 && stopMs < STOP_WITHIN_MS && stopMs < unitStopSeconds * 1000,
    `${instance.name}: stopped in ${stopMs} ms (exit code ${code}), within ${STOP_WITHIN_MS / 1000} s and the unit's TimeoutStopSec=${unitStopSeconds}`,
  );
  check(await refused(instance.port), `${instance.name}: nothing is left listening on its port`);
  const again = start();
  const readyMs = await again.ready();
  mark(`${instance.name}: started again and ready`);
  console.log(`${instance.name}: started again, ready after ${readyMs} ms`);
  return { next: again, stopMs, readyMs };
}

const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
let nginx;
try {
  await admin.unsafe(`CREATE DATABASE ${database}`);
  const [portA, portB, portProxy] = [await freePort(), await freePort(), await freePort()];
  const startA = () => startInstance('a (npm run serve)', portA, { viaNpm: true });
  // One process each, as deploy/portal.env.example has it: with WORKERS > 1 the first process holds the port and
  // resets the connections it accepted but had not handed on when the last worker stops (docs/decisions/051).
  const startB = () => startInstance('b (node)', portB);
  let a = startA();
  await a.ready();
  let b = startB();
  await b.ready();

  const prefix = join(dir, 'nginx');
  writeFileSync(
    join(dir, 'nginx.conf'),
    mainConfig(prefix, portalSite({ upstreams: [portA, portB], port: portProxy })),
  );
  mkdirSync(prefix);
  nginx = spawnLogged('nginx', 'nginx', ['-p', prefix, '-e', 'stderr', '-c', join(dir, 'nginx.conf')]);
  const base = `http://127.0.0.1:${portProxy}`;
  await waitUntilReady(`${base}/healthz`, {
    timeoutMs: 30_000,
    stillRunning: () => nginx.child.exitCode === null,
  }).catch((error) => {
    throw new Error(`nginx did not start: ${error.message}\n${nginx.log()}`);
  });

  // A student signs in through nginx, as a phone would.
  const post = async (path, body, token) =>
    (
      await fetch(`${base}/console/micros/Api${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Token: token } : {}) },
        body: JSON.stringify(body),
      })
    ).json();
  const login = await post('/Auth/login', { phone_code: '91', mobile: '9876543210' });
  let code;
  for (let tries = 0; tries < 100 && !code; tries++) {
    const outbox = join(dir, 'outbox.jsonl');
    const last = existsSync(outbox) ? readFileSync(outbox, 'utf8').trim().split('\n').at(-1) : '';
    code = last ? /\b(\d{4,8})\b/.exec(JSON.parse(last).text)?.[1] : undefined;
    if (!code) await pause(100);
  }
  const signedIn = await post('/Auth/verifyOTP', { otp_ref: login.data.otp_ref, otp: code });
  check(signedIn.status === true, 'a student signed in through nginx');
  const script = /<script type="module" crossorigin src="([^"]+)"/.exec(await (await fetch(`${base}/`)).text())?.[1];
  check(!!script, `the web app's entry script (${script})`);

  const load = startLoad(base, signedIn.token, signedIn.data.stud_id, script);
  await load.served(RATE);
  const stops = { a: [], b: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const first = await restart(a, startA);
    a = first.next;
    stops.a.push(first);
    const second = await restart(b, startB);
    b = second.next;
    stops.b.push(second);
  }
  // Both restarted instances serve for a while before the load stops.
  await load.served(RATE);
  await load.stop();
  const seconds = (Date.now() - load.started) / 1000;

  const lines = readFileSync(join(prefix, 'access.log'), 'utf8').trim().split('\n');
  const retried = lines.filter((line) => /upstream=\S+, /.test(line)).length;
  check(
    load.failed.length === 0,
    `${load.answered} requests through nginx in ${seconds.toFixed(1)} s (${Math.round(load.answered / seconds)}/s), ${load.failed.length} failed${load.failed.length ? `: ${load.failed.slice(0, 10).join('; ')}` : ''}`,
  );
  if (load.failed.length) {
    console.log(`what happened when:\n  ${timeline.events.join('\n  ')}`);
    const errors = readFileSync(join(prefix, 'error.log'), 'utf8')
      .split('\n')
      .filter((line) => /\[(error|crit|alert)\]/.test(line));
    console.log(
      `nginx's errors:\n  ${errors
        .filter((line) => !/Connection refused/.test(line))
        .slice(0, 20)
        .join('\n  ')}`,
    );
    for (const { name, log } of instances)
      console.log(`${name} said:\n  ${log().trim().split('\n').slice(-10).join('\n  ')}`);
  }
  console.log(
    `nginx passed ${retried} requests to the other instance after a refused connection; its log has ${lines.filter((l) => / 5\d\d /.test(l)).length} answers of 5xx`,
  );
  const list = (figures, key) => figures.map((figure) => figure[key]).join(', ');
  console.log(
    `from SIGTERM to exit under load: a ${list(stops.a, 'stopMs')} ms, b ${list(stops.b, 'stopMs')} ms; ready again after a ${list(stops.a, 'readyMs')} ms, b ${list(stops.b, 'readyMs')} ms`,
  );
} catch (error) {
  check(false, error instanceof Error ? error.message : String(error));
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise((done) =>
          child.exitCode !== null || child.signalCode !== null ? done() : child.once('exit', done),
        ),
    ),
  );
  await admin.unsafe(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}
console.log(failures.length ? `rolling restart test: ${failures.length} failed` : 'rolling restart test: passed');
process.exit(failures.length ? 1 : 0);
