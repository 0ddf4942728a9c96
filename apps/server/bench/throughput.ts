// `npm run bench`: every signed-in list call at 50 connections, measured from outside against the real server
// (its own process, production settings, request logs on), next to a static twin (a bare node:http server answering
// the same bytes: status, the portal's headers, body) and a bare twin (the same body with only a content type, as the
// first bench had it), both started in the same run, alternating A B C A B C. On the embedded database and on
// PostgreSQL, at demo size and at the grown size (bench/grow-large.ts). On PostgreSQL, also with WORKERS=auto: one
// process a core serving the one port. One student repeating one call: a microbenchmark of a call's cost; how many
// students a machine serves is `npm run bench:capacity` (capacity.ts, docs/decisions/061).
// Prints figures; asserts nothing; not part of `npm test`.
//
//   BENCH_DBS=pglite,postgres  BENCH_SIZES=demo,grown  BENCH_SECONDS=3  BENCH_CONNECTIONS=50  BENCH_CALLS=subjects,news
//   BENCH_WORKERS=1,auto (PostgreSQL only; the embedded database serves one process)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_perf (created if missing; schemas bench_demo, bench_grown)
//   BENCH_DATA_DIR=.data/bench (embedded databases, kept between runs so growth happens once)
//   BENCH_PROFILE=dir (the portal server writes a --cpu-prof profile there)
//   BENCH_NODE_ARGS='--max-semi-space-size=16' (options for the portal server's node, to try a runtime setting)
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  API_BASE,
  calls,
  envList,
  type Fixture,
  here,
  load as loadAt,
  randomPort,
  type Run,
  setUp,
  startPortal,
  startProcess,
  stop,
} from './bench-servers.ts';

const DBS = envList(process.env.BENCH_DBS, 'pglite,postgres');
const SIZES = envList(process.env.BENCH_SIZES, 'demo,grown');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ONLY = process.env.BENCH_CALLS ? envList(process.env.BENCH_CALLS, '') : undefined;
const PROFILE = process.env.BENCH_PROFILE;
const WORKERS = envList(process.env.BENCH_WORKERS, '1,auto');
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const load = (url: string, token: string, body: string, seconds: number) =>
  loadAt(url, token, body, seconds, CONNECTIONS);

const rssKb = async (pid: number | undefined) =>
  Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8').catch(() => ''))?.[1] ?? 0);

/** The server's resident memory, its workers' included (WORKERS > 1). */
const rssMb = async (pid: number | undefined) => {
  const children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => ''))
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  const kb = (await Promise.all([pid, ...children].map(rssKb))).reduce((sum, one) => sum + one, 0);
  return Math.round(kb / 1024);
};

async function benchOne(
  kind: string,
  size: string,
  workers: string,
  { env, fixture }: Awaited<ReturnType<typeof setUp>>,
) {
  const port = randomPort();
  const profileArgs = [...NODE_ARGS, ...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${resolve(PROFILE)}`] : [])];
  const server = await startPortal({ ...env, WORKERS: workers }, port, profileArgs);
  const idle = await rssMb(server.pid);
  const base = `http://127.0.0.1:${port}${API_BASE}`;
  console.log(
    `\n## ${kind}, ${size} size, WORKERS=${workers}: ${CONNECTIONS} connections, ${SECONDS} s × 2 alternating with the twins; server RSS at start ${idle} MB\n`,
  );
  console.log('| call | req/s | p50 ms | p99 ms | twin req/s | ratio | bare twin req/s | ratio to bare | errors |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  const bodyFile = join(tmpdir(), `bench-twin-${process.pid}.json`);
  const headersFile = join(tmpdir(), `bench-twin-${process.pid}.headers.json`);
  try {
    for (const [name, path, extra] of calls(fixture)) {
      if (ONLY && !ONLY.includes(name)) continue;
      const body = JSON.stringify({ stud_id: fixture.student, ...extra });
      const response = await fetch(base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: fixture.token },
        body,
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200)
        throw new Error(`${path} answered ${response.status}: ${bytes.toString().slice(0, 200)}`);
      await writeFile(bodyFile, bytes);
      await writeFile(headersFile, JSON.stringify(ownHeaders(response.headers)));
      // The twin answers the portal's bytes, headers included; the bare twin only its body, as the first bench did.
      const twin = await startProcess([resolve(here, 'static-twin.mjs'), bodyFile, headersFile], {}, /^(\d+)\n/);
      const bare = await startProcess([resolve(here, 'static-twin.mjs'), bodyFile], {}, /^(\d+)\n/);
      const urlOf = (child: typeof twin) => `http://127.0.0.1:${child.match[1]}${API_BASE}${path}`;
      try {
        await load(base + path, fixture.token, body, 1); // warm-up: JIT, plans, pool
        const a: Run[] = [];
        const b: Run[] = [];
        const c: Run[] = [];
        for (let round = 0; round < 2; round++) {
          a.push(await load(base + path, fixture.token, body, SECONDS));
          b.push(await load(urlOf(twin), fixture.token, body, SECONDS));
          c.push(await load(urlOf(bare), fixture.token, body, SECONDS));
        }
        const mean = (runs: Run[], key: keyof Run) => runs.reduce((sum, run) => sum + run[key], 0) / runs.length;
        const reqs = mean(a, 'requests');
        const errors = a.reduce((sum, run) => sum + run.errors, 0);
        const cells = [
          name,
          Math.round(reqs),
          mean(a, 'p50').toFixed(1),
          Math.max(...a.map((r) => r.p99)).toFixed(1),
          Math.round(mean(b, 'requests')),
          (reqs / mean(b, 'requests')).toFixed(3),
          Math.round(mean(c, 'requests')),
          (reqs / mean(c, 'requests')).toFixed(3),
          errors,
        ];
        console.log(`| ${cells.join(' | ')} |`);
      } finally {
        await stop(twin.child);
        await stop(bare.child);
      }
    }
    console.log(`\nserver RSS after the runs: ${await rssMb(server.pid)} MB (${bytesOf(fixture)})`);
  } finally {
    await stop(server);
    await rm(bodyFile, { force: true });
    await rm(headersFile, { force: true });
  }
}

/** The headers the portal chose for this answer, less those Node writes for the twin as well (date, length, keep-alive). */
const ownHeaders = (headers: Headers) =>
  Object.fromEntries(
    [...headers].filter(
      ([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name),
    ),
  );

const bytesOf = (f: Fixture) => `student ${f.student}, subject ${f.subject}, chapter ${f.chapter}`;

console.log(
  `npm run bench — ${new Date().toISOString()}, node ${process.version}, load average ${(await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')}`,
);
for (const kind of DBS) {
  for (const size of SIZES) {
    const setting = await setUp(kind, size);
    for (const workers of kind === 'postgres' ? WORKERS : ['1']) await benchOne(kind, size, workers, setting);
  }
}
