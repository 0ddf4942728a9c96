// `npx tsx apps/server/bench/flatness.ts`: does a call slow down as the database grows? The demo-size and the grown
// database (bench/grow-large.ts: 100,000 students, 5,000 subjects, 10 million watch rows, a million quiz attempts,
// and the demo topics watched by every fifth grown student, as popular topics are) each behind its own server, both
// running at once, measured from outside one request at a time and taking turns every few hundred requests, so the
// machine's moods fall on both alike. Every request reads the database (there is no answer cache, decision 061), so
// its size can show. Each request is timed to the microsecond (autocannon rounds to the millisecond, which is most of
// a call at one connection). Prints, for every round, p50 and p95 of each call at both sizes and grown ÷ demo, then
// each call's ratios over the rounds; asserts nothing. Figures and method: docs/decisions/065.
//
// News is compared like with like: the grown database fills the student's page of 50 items, the demo one has 5, so for
// the run the demo database gets as many plain items as fill its page too (removed at the end; BENCH_NEWS_PAGE=demo
// keeps its 5 and measures a page ten times the size instead). The answer's bytes are printed beside each call.
//
//   BENCH_DBS=postgres,pglite  BENCH_ROUNDS=3 (whole rounds)  BENCH_TURNS=40 (turns per side and call in a round)
//   BENCH_REQUESTS=50 (requests per turn)  BENCH_CALLS=topics,news  BENCH_NEWS_PAGE=full|demo
//   plus BENCH_DATABASE_URL and BENCH_DATA_DIR as in throughput.ts (the same databases; growth happens once, and
//   takes about 4 minutes on PostgreSQL on a busy 2-core machine).
//   From a fresh clone, PostgreSQL only, in a database of its own, dropped after:
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/flat_bench BENCH_DBS=postgres npx tsx apps/server/bench/flatness.ts
//   dropdb -h 127.0.0.1 -U postgres flat_bench
import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { openPostgres } from '../src/db/postgres.ts';
import { NEWS_LIST_LIMIT } from '../src/resources/news/news-repository.ts';
import {
  API_BASE,
  calls,
  DATABASE_URL,
  envList,
  type Fixture,
  openBenchDatabase,
  randomPort,
  setUp,
  startPortal,
  stop,
} from './bench-servers.ts';
import { childrenOf, processTicks, ticksBetween } from './capacity-proc.ts';

const DBS = envList(process.env.BENCH_DBS, 'postgres,pglite');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TURNS = Number(process.env.BENCH_TURNS ?? 40);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const ONLY = process.env.BENCH_CALLS ? envList(process.env.BENCH_CALLS, '') : undefined;
const FULL_NEWS_PAGE = process.env.BENCH_NEWS_PAGE !== 'demo';
const FILLER = 'Flatness bench page filler';

interface Side {
  port: number;
  fixture: Fixture;
  server: ChildProcess;
  agent: Agent;
  /** The last answer's size of each call. */
  bytes: Map<string, number>;
  /** The server's process and its children, and on PostgreSQL the backends serving it (found by application name). */
  pids: () => Promise<number[]>;
}

/** One POST on the side's single kept-alive connection; resolves to its time in milliseconds. */
function timed(side: Side, name: string, path: string, body: string) {
  return new Promise<number>((resolve, reject) => {
    const start = process.hrtime.bigint();
    const req = request(
      {
        agent: side.agent,
        host: '127.0.0.1',
        port: side.port,
        path: API_BASE + path,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          token: side.fixture.token,
        },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => {
          side.bytes.set(name, bytes);
          if (response.statusCode !== 200) reject(new Error(`${path} answered ${response.statusCode}`));
          else resolve(Number(process.hrtime.bigint() - start) / 1e6);
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const median = (values: number[]) =>
  quantile(
    [...values].sort((x, y) => x - y),
    0.5,
  );
const loadAverage = async () => (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');

async function open(kind: string, size: string, beforeServer?: () => Promise<void>): Promise<Side> {
  const { env, fixture } = await setUp(kind, size);
  await beforeServer?.();
  const port = randomPort();
  const applicationName = `flatness_${size}`;
  if (env.DATABASE_URL) {
    const url = new URL(env.DATABASE_URL);
    url.searchParams.set('application_name', applicationName);
    env.DATABASE_URL = url.toString();
  }
  const server = await startPortal(env, port);
  const pids = async () => [
    server.pid!,
    ...(await childrenOf(server.pid!)),
    ...(kind === 'postgres'
      ? (
          await admin().query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [
            applicationName,
          ])
        ).map((r) => r.pid)
      : []),
  ];
  return { port, fixture, server, agent: new Agent({ keepAlive: true, maxSockets: 1 }), bytes: new Map(), pids };
}

let adminDb: ReturnType<typeof openPostgres> | undefined;
const admin = () => (adminDb ??= openPostgres(DATABASE_URL, { max: 1 }));

/** CPU ticks (10 ms) of these processes while `work` runs. */
async function cpuTicksOf(pids: number[], work: () => Promise<void>) {
  const before = await processTicks(pids);
  await work();
  return ticksBetween(before, await processTicks(pids));
}

/** Published items shaped like grow-large.ts's, an hour apart, until the demo database's news page is full. */
async function fillDemoNewsPage(kind: string) {
  const db = await openBenchDatabase(kind, 'demo');
  try {
    await db.query(
      `INSERT INTO news (heading, body, published_at)
       SELECT $1, '<p>Body</p>', now() - g * interval '1 hour'
         FROM generate_series(1, $2::int - (SELECT count(*)::int FROM news WHERE published_at <= now() AND deleted_at IS NULL)) g`,
      [FILLER, NEWS_LIST_LIMIT],
    );
  } finally {
    await db.close();
  }
}

async function emptyDemoNewsPage(kind: string) {
  const db = await openBenchDatabase(kind, 'demo');
  try {
    await db.query(`DELETE FROM news WHERE heading = $1`, [FILLER]);
  } finally {
    await db.close();
  }
}

interface Figures {
  p50: [number, number];
  p95: [number, number];
  /** CPU milliseconds a request, the server's and its database's: far less than latency a measure of the run queue. */
  cpu: [number, number];
  bytes: [number, number];
}

async function compare(kind: string) {
  // The embedded database is locked by one process at a time: each size has its own folder, so both can run.
  const demo = await open(kind, 'demo', async () => {
    await emptyDemoNewsPage(kind); // what an interrupted run left
    if (FULL_NEWS_PAGE) await fillDemoNewsPage(kind);
  });
  const grown = await open(kind, 'grown');
  const sides = [demo, grown] as const;
  const byCall = new Map<string, Figures[]>();
  const names = calls(demo.fixture)
    .map(([name]) => name)
    .filter((name) => !ONLY || ONLY.includes(name));
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(
        `\n## ${kind}, round ${round} of ${ROUNDS}: one connection, ${TURNS} turns × ${REQUESTS} requests on each side, taking turns; load average ${await loadAverage()}\n`,
      );
      console.log(
        '| call | demo p50 ms | grown p50 ms | p50 ratio | demo p95 ms | grown p95 ms | p95 ratio | CPU ms a request demo / grown | CPU ratio | bytes demo / grown |',
      );
      console.log('|---|---|---|---|---|---|---|---|---|---|');
      for (const name of names) {
        // The same call for the same student; the ids (subject, chapter…) are each database's own.
        const argsOf = (side: Side) => {
          const [, path, extra] = calls(side.fixture).find(([n]) => n === name) ?? ['', '', {}];
          return [path, JSON.stringify({ stud_id: side.fixture.student, ...extra })] as const;
        };
        const times: [number[], number[]] = [[], []];
        const ticks: [number, number] = [0, 0];
        for (const side of sides) for (let i = 0; i < 200; i++) await timed(side, name, ...argsOf(side)); // warm-up: JIT, plans, caches
        const pids = await Promise.all(sides.map((side) => side.pids()));
        for (let turn = 0; turn < TURNS; turn++) {
          // Alternate which side goes first, so neither always follows the other's work.
          const order = turn % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const);
          for (const which of order) {
            const side = sides[which];
            const args = argsOf(side);
            ticks[which] += await cpuTicksOf(pids[which]!, async () => {
              for (let i = 0; i < REQUESTS; i++) times[which].push(await timed(side, name, ...args));
            });
          }
        }
        const [a, b] = times.map((t) => t.sort((x, y) => x - y)) as [number[], number[]];
        const figures: Figures = {
          p50: [quantile(a, 0.5), quantile(b, 0.5)],
          p95: [quantile(a, 0.95), quantile(b, 0.95)],
          cpu: [(ticks[0] * 10) / times[0].length, (ticks[1] * 10) / times[1].length],
          bytes: [demo.bytes.get(name) ?? 0, grown.bytes.get(name) ?? 0],
        };
        byCall.set(name, [...(byCall.get(name) ?? []), figures]);
        const cell = (ms: number) => ms.toFixed(3);
        const { p50, p95, cpu, bytes } = figures;
        console.log(
          `| ${name} | ${cell(p50[0])} | ${cell(p50[1])} | ${(p50[1] / p50[0]).toFixed(2)} | ${cell(p95[0])} | ${cell(p95[1])} | ${(p95[1] / p95[0]).toFixed(2)} | ${cell(cpu[0])} / ${cell(cpu[1])} | ${(cpu[1] / cpu[0]).toFixed(2)} | ${bytes[0]} / ${bytes[1]} |`,
        );
      }
    }
  } finally {
    for (const side of sides) {
      side.agent.destroy();
      await stop(side.server);
    }
    if (FULL_NEWS_PAGE) await emptyDemoNewsPage(kind);
  }
  console.log(`\n## ${kind}: grown ÷ demo over ${ROUNDS} rounds (goal: p50 within 1.2×)\n`);
  console.log('| call | p50 ratio by round | median | p95 ratio by round | median | CPU ratio by round | median |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [name, rounds] of byCall) {
    const ratios = (pick: (r: Figures) => [number, number]) => rounds.map((r) => pick(r)[1] / pick(r)[0]);
    const [p50, p95, cpu] = [ratios((r) => r.p50), ratios((r) => r.p95), ratios((r) => r.cpu)];
    const list = (values: number[]) => values.map((r) => r.toFixed(2)).join(', ');
    const flag = (values: number[]) => `${median(values).toFixed(2)}${median(values) > 1.2 ? ' ⚠' : ''}`;
    console.log(
      `| ${name} | ${list(p50)} | ${flag(p50)} | ${list(p95)} | ${median(p95).toFixed(2)} | ${list(cpu)} | ${flag(cpu)} |`,
    );
  }
}

console.log(`flatness — ${new Date().toISOString()}, node ${process.version}, load average ${await loadAverage()}`);
for (const kind of DBS) await compare(kind);
console.log(`\nload average at the end ${await loadAverage()}`);
await adminDb?.close();
