// `npx tsx apps/server/bench/flatness.ts`: does a call slow down as the database grows? The demo-size and the grown
// database (bench/grow-large.ts: 100,000 students, 10 million watch rows…) each behind its own server, both running
// at once, measured from outside one request at a time and taking turns every few hundred requests, so the machine's
// moods fall on both alike. Every request reads the database, so its size can show. Each request is timed to the microsecond (autocannon rounds to the millisecond, which is most of
// a call at one connection). Prints p50 and p90 of each and their ratio; asserts nothing.
//
//   BENCH_DBS=postgres,pglite  BENCH_ROUNDS=20 (turns per server)  BENCH_REQUESTS=200 (requests per turn)  BENCH_CALLS=…
//   plus BENCH_DATABASE_URL and BENCH_DATA_DIR as in throughput.ts (the same databases; growth happens once).
import type { ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { readFile } from 'node:fs/promises';
import { API_BASE, calls, envList, type Fixture, randomPort, setUp, startPortal, stop } from './bench-servers.ts';

const DBS = envList(process.env.BENCH_DBS, 'postgres,pglite');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const ONLY = process.env.BENCH_CALLS ? envList(process.env.BENCH_CALLS, '') : undefined;

interface Side {
  port: number;
  fixture: Fixture;
  server: ChildProcess;
  agent: Agent;
}

/** One POST on the side's single kept-alive connection; resolves to its time in milliseconds. */
function timed(side: Side, path: string, body: string) {
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
        response.resume();
        response.on('end', () => {
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

async function open(kind: string, size: string): Promise<Side> {
  const { env, fixture } = await setUp(kind, size);
  const port = randomPort();
  const server = await startPortal(env, port);
  return { port, fixture, server, agent: new Agent({ keepAlive: true, maxSockets: 1 }) };
}

async function compare(kind: string) {
  // The embedded database is locked by one process at a time: each size has its own folder, so both can run.
  const demo = await open(kind, 'demo');
  const grown = await open(kind, 'grown');
  console.log(`\n## ${kind}: one connection, ${ROUNDS} turns × ${REQUESTS} requests on each side, taking turns\n`);
  console.log('| call | demo p50 ms | grown p50 ms | p50 ratio | demo p90 ms | grown p90 ms | p90 ratio |');
  console.log('|---|---|---|---|---|---|---|');
  try {
    for (const [name, path] of calls(demo.fixture)) {
      if (ONLY && !ONLY.includes(name)) continue;
      // The same call for the same student; the ids (subject, chapter…) are each database's own.
      const bodyOf = (side: Side) => {
        const [, , extra] = calls(side.fixture).find(([n]) => n === name) ?? [];
        return JSON.stringify({ stud_id: side.fixture.student, ...extra });
      };
      const sides = [demo, grown] as const;
      const times: [number[], number[]] = [[], []];
      for (const side of sides) for (let i = 0; i < REQUESTS; i++) await timed(side, path, bodyOf(side)); // warm-up: JIT, plans, caches
      for (let round = 0; round < ROUNDS; round++) {
        // Alternate which side goes first, so neither always follows the other's work.
        const order = round % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const);
        for (const which of order) {
          const side = sides[which];
          const body = bodyOf(side);
          for (let i = 0; i < REQUESTS; i++) times[which].push(await timed(side, path, body));
        }
      }
      const [a, b] = times.map((t) => t.sort((x, y) => x - y)) as [number[], number[]];
      const cell = (ms: number) => ms.toFixed(3);
      console.log(
        `| ${name} | ${cell(quantile(a, 0.5))} | ${cell(quantile(b, 0.5))} | ${(quantile(b, 0.5) / quantile(a, 0.5)).toFixed(2)} | ${cell(quantile(a, 0.9))} | ${cell(quantile(b, 0.9))} | ${(quantile(b, 0.9) / quantile(a, 0.9)).toFixed(2)} |`,
      );
    }
  } finally {
    for (const side of [demo, grown]) {
      side.agent.destroy();
      await stop(side.server);
    }
  }
}

console.log(
  `flatness — ${new Date().toISOString()}, node ${process.version}, load average ${(await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')}`,
);
for (const kind of DBS) await compare(kind);
