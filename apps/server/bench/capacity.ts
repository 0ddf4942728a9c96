// `npm run bench:capacity`: how many active students one machine serves, measured as an institute meets it (issue 37;
// docs/decisions/061). N students created by the roster import and signed in through the real API from many
// loopback addresses, each clicking through the mixed session of capacity-load.ts; the real server in its own process
// (production settings, request logs on). For each database: a closed loop of more and more students until p95
// passes 200 ms or a request fails, then open-loop steps (requests at a set rate), with the server's CPU by thread,
// PostgreSQL's backends' CPU, and the server's memory at the end; a static twin (static-twin.mjs) loaded like the
// closed loop's last level, to show what the machine and the load generator manage at that moment. Two variants of
// the server's environment (CAPACITY_A, CAPACITY_B, and C, D if set) run in alternating rounds A B B A A B … (A B C D
// D C B A …) in one run. Prints figures;
// asserts nothing.
//
//   CAPACITY_DBS=pglite,postgres  (postgres only when DATABASE_URL or TEST_DATABASE_URL is set; a schema bench_capacity)
//   CAPACITY_STUDENTS=2000  CAPACITY_PER_ADDRESS=8  CAPACITY_SECONDS=5 (each step)  CAPACITY_THINK_MS=500
//   CAPACITY_RATES=250,500,1000,1500,2000,3000 (open loop, requests/s; empty: none)
//   CAPACITY_LEVELS=100,200,400,700,1000,1400,2000 (closed loop, students at once)
//   CAPACITY_A='' CAPACITY_B='DB_POOL_SIZE=4' (KEY=VALUE … for the server; without CAPACITY_B, A only; CAPACITY_C and
//   CAPACITY_D add variants)  CAPACITY_ROUNDS=1
import { writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openPostgres } from '../src/db/postgres.ts';
import { envList, here, randomPort, startPortal, startProcess, stop } from './bench-servers.ts';
import {
  closedLoop,
  openLoop,
  percentile,
  post,
  REQUESTS_PER_STUDENT_SECOND,
  SESSION_SECONDS,
  type Student,
  type Tally,
} from './capacity-load.ts';
import {
  loadAverage,
  percentOfCore,
  processTicks,
  residentMb,
  threadShares,
  threadTicks,
  ticksBetween,
} from './capacity-proc.ts';
import { APPLICATION_NAME, createInstitute, firstAttempts, type Institute, signIn } from './capacity-students.ts';

const POSTGRES_URL = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const DBS = envList(process.env.CAPACITY_DBS, POSTGRES_URL ? 'pglite,postgres' : 'pglite');
const STUDENTS = Number(process.env.CAPACITY_STUDENTS ?? 2000);
const PER_ADDRESS = Number(process.env.CAPACITY_PER_ADDRESS ?? 8);
const SECONDS = Number(process.env.CAPACITY_SECONDS ?? 5);
const THINK_MS = Number(process.env.CAPACITY_THINK_MS ?? 500);
const RATES = envList(process.env.CAPACITY_RATES, '250,500,1000,1500,2000,3000').map(Number);
const LEVELS = envList(process.env.CAPACITY_LEVELS, '100,200,400,700,1000,1400,2000')
  .map(Number)
  .filter((n) => n <= STUDENTS);
const ROUNDS = Number(process.env.CAPACITY_ROUNDS ?? 1);
const P95_GOAL_MS = 200;
const parseEnv = (text = '') =>
  Object.fromEntries(
    text
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => [pair.split('=')[0]!, pair.slice(pair.indexOf('=') + 1)]),
  );
// A, and B, C, D when set: each a variant of the server's environment.
const VARIANTS = ['A', 'B', 'C', 'D']
  .filter((letter) => letter === 'A' || process.env[`CAPACITY_${letter}`] !== undefined)
  .map((letter) => {
    const text = process.env[`CAPACITY_${letter}`];
    return { name: `${letter} (${text || 'as built'})`, env: parseEnv(text) };
  });

/** Real students who would send this many requests a second. */
const studentsFor = (requestsPerSecond: number) => Math.round(requestsPerSecond / REQUESTS_PER_STUDENT_SECOND);

interface Step {
  label: string;
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  passed: boolean;
  /** CPU time of the server and PostgreSQL's backends together, per answered request. */
  cpuMsPerRequest: number;
  cpu: string;
}

/**
 * A step's figures: latencies of the requests begun in its window; the server's CPU by thread and PostgreSQL's
 * backends' over the whole step (ramp and drain included), and so CPU milliseconds per request answered.
 */
async function measure(
  label: string,
  serverPid: number,
  postgresPids: () => Promise<number[]>,
  run: () => Promise<Tally>,
): Promise<Step> {
  const pids = await postgresPids();
  const [threadsBefore, postgresBefore] = await Promise.all([threadTicks(serverPid), processTicks(pids)]);
  const startedAt = Date.now();
  const tally = await run();
  const seconds = (Date.now() - startedAt) / 1000;
  const [threads, postgres] = await Promise.all([threadTicks(serverPid), processTicks(pids)]);
  const sum = (ticks: Map<string, number>) => [...ticks.values()].reduce((a, b) => a + b, 0);
  const postgresTicks = ticksBetween(postgresBefore, postgres);
  const cpuTicks = sum(threads) - sum(threadsBefore) + postgresTicks;
  const rate = tally.latencies.length / SECONDS;
  const p95 = percentile(tally.latencies, 95);
  const pg = pids.length
    ? `; PostgreSQL's ${pids.length} backends ${percentOfCore(postgresTicks, seconds).toFixed(0)} %`
    : '';
  const statuses = [...tally.statuses].map(([status, n]) => `${n}× ${status || 'failed'}`).join(', ');
  return {
    label,
    rate,
    p50: percentile(tally.latencies, 50),
    p95,
    p99: percentile(tally.latencies, 99),
    errors: tally.errors,
    passed: p95 <= P95_GOAL_MS && tally.errors === 0 && tally.latencies.length > 0,
    cpuMsPerRequest: tally.answered ? (cpuTicks * 10) / tally.answered : 0,
    cpu: `${threadShares(threadsBefore, threads, seconds)}${pg}${statuses ? `; ${statuses}` : ''}`,
  };
}

const row = (s: Step) =>
  `| ${s.label} | ${Math.round(s.rate)} | ${studentsFor(s.rate)} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.errors} | ${s.cpuMsPerRequest.toFixed(2)} | ${s.cpu} |`;
const HEADER =
  '| load | req/s | as real students | p50 ms | p95 ms | p99 ms | errors | CPU ms/request | CPU (% of a core) |\n|---|---|---|---|---|---|---|---|---|';

/** Real students two cores would serve if CPU were the only limit: 2,000 ms of CPU a second ÷ CPU per request. */
const studentsByCpu = (cpuMsPerRequest: number) => (cpuMsPerRequest ? studentsFor(2000 / cpuMsPerRequest) : 0);

/** The static twin answering a student answer's bytes, loaded like the closed loop's last level. */
async function twinAt(students: Student[], count: number, bodyFile: string) {
  const twin = await startProcess([resolve(here, 'static-twin.mjs'), bodyFile], {}, /^(\d+)\n/);
  try {
    const tally = await closedLoop(Number(twin.match[1]), students, count, SECONDS, THINK_MS);
    return `static twin at ${count} students: ${Math.round(tally.latencies.length / SECONDS)} req/s, p95 ${percentile(tally.latencies, 95).toFixed(1)} ms, ${tally.errors} errors`;
  } finally {
    await stop(twin.child);
  }
}

async function round(
  kind: string,
  variant: (typeof VARIANTS)[number],
  institute: Institute,
  signed: Student[] | undefined,
) {
  const port = randomPort();
  // startPortal's outbox (SMS_PROVIDER=log).
  const outboxPath = join(tmpdir(), 'bench-sms-outbox.jsonl');
  const server = await startPortal({ ...institute.env, ...variant.env }, port);
  const pid = server.pid!;
  const admin = kind === 'postgres' ? openPostgres(POSTGRES_URL!, { max: 1 }) : undefined;
  const postgresPids = async () =>
    admin
      ? (
          await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [
            APPLICATION_NAME,
          ])
        ).map((r) => r.pid)
      : [];
  try {
    let students = signed;
    if (!students) {
      const started = Date.now();
      students = await signIn(port, institute, outboxPath, PER_ADDRESS);
      await firstAttempts(port, students);
      const addresses = new Set(students.map((s) => s.address)).size;
      console.log(
        `${students.length} students signed in through Auth/login and Auth/verifyOTP from ${addresses} addresses, and a first quiz each, in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
    }
    // A server just started is cold (JIT, plans, pool): a step of the first level warms it up, unprinted.
    await closedLoop(port, students, LEVELS[0] ?? 100, SECONDS, THINK_MS);
    console.log(`\n### ${kind}, ${variant.name}: load average ${await loadAverage()}\n`);
    console.log(HEADER);
    const steps: Step[] = [];
    // The closed ladder first: the open steps go on until one overloads the server, which the next step would feel.
    let lastCount = LEVELS[0] ?? 1;
    for (const count of LEVELS) {
      lastCount = count;
      const step = await measure(`closed ${count}`, pid, postgresPids, () =>
        closedLoop(port, students, count, SECONDS, THINK_MS),
      );
      steps.push(step);
      console.log(row(step));
      if (!step.passed) break;
    }
    for (const rate of RATES) {
      const step = await measure(`open ${rate}/s`, pid, postgresPids, () => openLoop(port, students, rate, SECONDS));
      console.log(row(step));
      if (!step.passed) break;
    }
    const sample = await post(
      port,
      '/Student/subjects',
      { stud_id: students[0]!.id },
      students[0]!.agent,
      students[0]!.token,
    );
    const bodyFile = join(tmpdir(), `capacity-twin-${process.pid}.json`);
    await writeFile(bodyFile, sample.body);
    console.log(
      `\n${await twinAt(students, lastCount, bodyFile)}; server RSS at the end ${await residentMb(pid)} MB; load average ${await loadAverage()}`,
    );
    await rm(bodyFile, { force: true });
    const best = Math.max(0, ...steps.filter((s) => s.passed).map((s) => s.rate));
    const measuredCpu = steps.filter((s) => s.cpuMsPerRequest > 0);
    const cpuMs =
      measuredCpu.reduce((sum, s) => sum + s.cpuMsPerRequest * s.rate, 0) /
      Math.max(
        1,
        measuredCpu.reduce((sum, s) => sum + s.rate, 0),
      );
    return { students, best, cpuMs };
  } finally {
    await admin?.close();
    await stop(server);
  }
}

console.log(
  `npm run bench:capacity — ${new Date().toISOString()}, node ${process.version}, load average ${await loadAverage()}; ${STUDENTS} students, ${PER_ADDRESS} an address; ` +
    `a real session is ${SESSION_SECONDS} s for 11 requests (${REQUESTS_PER_STUDENT_SECOND.toFixed(3)} req/s a student); steps of ${SECONDS} s; closed-loop think time ${THINK_MS} ms`,
);
const summary: string[] = [];
for (const kind of DBS) {
  const institute = await createInstitute(
    kind,
    STUDENTS,
    PER_ADDRESS,
    resolve(here, '../../../.data/bench/capacity'),
    POSTGRES_URL,
  );
  console.log(
    `\n## ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}: ${STUDENTS} students created by the roster import in ${institute.importSeconds.toFixed(1)} s`,
  );
  let signed: Student[] | undefined;
  const results = new Map<string, { best: number; cpuMs: number }[]>(VARIANTS.map((v) => [v.name, []]));
  for (let r = 0; r < ROUNDS; r++) {
    // A B, then B A (A B C D, then D C B A): a drift through the run (the tables grow with every round's writes, the machine's load moves)
    // falls on both alike instead of always favouring the one that goes first.
    for (const variant of r % 2 ? VARIANTS.toReversed() : VARIANTS) {
      const { students, best, cpuMs } = await round(kind, variant, institute, signed);
      signed = students;
      results.get(variant.name)!.push({ best, cpuMs });
    }
  }
  for (const [name, list] of results) {
    const students = list.map((r) => studentsFor(r.best));
    const range =
      Math.max(...students) === 0
        ? `fewer than ${studentsFor((LEVELS[0] ?? 0) / (THINK_MS / 1000))} (no level passed)`
        : Math.min(...students) === Math.max(...students)
          ? `${students[0]}`
          : `${Math.min(...students)}–${Math.max(...students)}`;
    const cpu = list.map((r) => r.cpuMs.toFixed(2)).join(', ');
    const byCpu = list.map((r) => studentsByCpu(r.cpuMs)).join(', ');
    summary.push(
      `${kind}, ${name}: one 2-core machine serves about ${range} active students (p95 ≤ ${P95_GOAL_MS} ms, no errors; rounds: ${students.join(', ')}); ` +
        `CPU ms a request ${cpu}: two cores to themselves would serve ${byCpu}`,
    );
  }
}
console.log(`\n${summary.join('\n')}\nload average at the end ${await loadAverage()}`);
process.exit(0);
