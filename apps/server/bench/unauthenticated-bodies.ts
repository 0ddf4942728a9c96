// `node --import tsx apps/server/bench/unauthenticated-bodies.ts`: twenty connections without a token each send a
// 60 MB content pack to the console and stall, as in issue 32. Prints the server's memory (RSS) before and after and
// how long each waited for its 401. Starts the real server in its own process, production settings, embedded
// database in a temporary folder. BENCH_ENTRY names another server entry (an older src/server.ts, to compare).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const entry = resolve(process.env.BENCH_ENTRY ?? resolve(here, '../src/server.ts'));
const CLIENTS = 20;
const BODY_BYTES = 60 * 1024 * 1024;
const PATH = '/console/micros/Staff/Content/import_preview';

const rssMb = async (pid: number) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

/** One client: headers, then as much of a 60 MB body as the server takes, then silence. Resolves with its answer. */
function stalledBody(port: number, started: number) {
  return new Promise<{ status: number; ms: number }>((done) => {
    const call = request({
      host: '127.0.0.1',
      port,
      path: PATH,
      method: 'POST',
      agent: false,
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(BODY_BYTES) },
    });
    call.on('response', (response) => {
      response.resume();
      done({ status: response.statusCode ?? 0, ms: Date.now() - started });
    });
    call.on('error', () => done({ status: 0, ms: Date.now() - started }));
    const chunk = Buffer.alloc(1024 * 1024, 'A');
    call.write('{"file":"');
    // All but the last byte, then nothing more: the stall.
    let sent = 9;
    const more = () => {
      while (sent + chunk.length < BODY_BYTES - 1) {
        sent += chunk.length;
        if (!call.write(chunk)) return void call.once('drain', more);
      }
    };
    more();
  });
}

const dir = await mkdtemp(join(tmpdir(), 'bench-bodies-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const child = spawn(process.execPath, ['--import', 'tsx', entry], {
  cwd: resolve(here, '..'),
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dir,
    SEED_DEMO: 'false',
    SMS_PROVIDER: 'log',
    LOG_LEVEL: 'warn',
    AUTH_SECRET: 'a-bench-secret-of-at-least-32-characters-long',
    DATABASE_URL: undefined,
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
child.stdout!.resume();
try {
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok).catch(() => false);
    if (up) break;
    if (child.exitCode !== null || i > 1200) throw new Error('the server did not start');
    await new Promise((done) => setTimeout(done, 100));
  }
  const before = await rssMb(child.pid!);
  const started = Date.now();
  let peak = before;
  const sampler = setInterval(() => void rssMb(child.pid!).then((mb) => (peak = Math.max(peak, mb))), 100);
  const answers = await Promise.race([
    Promise.all(Array.from({ length: CLIENTS }, () => stalledBody(port, started))),
    new Promise<null>((done) => setTimeout(() => done(null), 60_000)),
  ]);
  // Memory a moment after the last answer, once the server has let the connections go.
  await new Promise((done) => setTimeout(done, 2000));
  clearInterval(sampler);
  const after = await rssMb(child.pid!);
  console.log(`${CLIENTS} connections without a token, each a 60 MB body to ${PATH}, then silence (${entry})`);
  console.log(`RSS before ${before} MB, peak ${peak} MB, 2 s after the last answer ${after} MB (grew ${after - before} MB)`);
  if (!answers) console.log('not every client had an answer after 60 s');
  else {
    const times = answers.map((a) => a.ms).sort((a, b) => a - b);
    const counts = new Map<string, number>();
    for (const a of answers) {
      const what = a.status ? String(a.status) : 'connection reset before the answer was read';
      counts.set(what, (counts.get(what) ?? 0) + 1);
    }
    console.log(`answers: ${[...counts].map(([what, n]) => `${n} × ${what}`).join(', ')}; time to answer ms: min ${times[0]}, median ${times[Math.floor(times.length / 2)]}, max ${times.at(-1)}`);
  }
} finally {
  child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
}
