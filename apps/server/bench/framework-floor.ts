// How much of a signed-in call's cost is the framework's own (docs/decisions/030, "The framework's own floor"): the
// static twin, a bare Fastify route answering the same bytes with the portal's pieces added one at a time
// (bare-fastify.ts), and the portal answering the call (from its database), all measured in one run at 50 connections,
// taking turns. Prints req/s, the ratio to the twin and µs a request; asserts nothing; not part of `npm test`.
//
//   BENCH_DBS=postgres (one of pglite, postgres)  BENCH_SECONDS=3  BENCH_CALLS=subjects (one call)
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  API_BASE,
  calls,
  envList,
  here,
  load,
  randomPort,
  setUp,
  startPortal,
  startProcess,
  stop,
} from './bench-servers.ts';

const KIND = envList(process.env.BENCH_DBS, 'postgres')[0]!;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CALL = envList(process.env.BENCH_CALLS, 'subjects')[0]!;
const STEPS = ['', 'logger', 'log', 'log,headers', 'log,headers,metrics', 'log,headers,metrics,hash'];

const { env, fixture } = await setUp(KIND, 'demo');
const [, path, extra] = calls(fixture).find(([name]) => name === CALL) ?? calls(fixture)[0]!;
const body = JSON.stringify({ stud_id: fixture.student, ...extra });
const port = randomPort();
const portal = await startPortal(env, port);
const bodyFile = join(tmpdir(), `bench-floor-${process.pid}.json`);
const children = [portal];
try {
  const answer = await fetch(`http://127.0.0.1:${port}${API_BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: fixture.token },
    body,
  });
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
  await writeFile(bodyFile, Buffer.from(await answer.arrayBuffer()));
  const started = async (args: string[], extraEnv: Record<string, string> = {}) => {
    const { child, match } = await startProcess(args, { NODE_ENV: 'production', ...extraEnv }, /^(\d+)$/m);
    children.push(child);
    return `http://127.0.0.1:${match[1]}${API_BASE}${path}`;
  };
  const targets: [string, string][] = [
    ['static twin (node:http)', await started([resolve(here, 'static-twin.mjs'), bodyFile])],
  ];
  for (const pieces of STEPS) {
    const name = pieces ? `Fastify + ${pieces.replaceAll(',', ' + ')}` : 'Fastify, one route';
    targets.push([
      name,
      await started(['--import', 'tsx', resolve(here, 'bare-fastify.ts'), API_BASE + path, bodyFile], {
        PIECES: pieces,
      }),
    ]);
  }
  targets.push([`the portal (${KIND}), ${CALL}`, `http://127.0.0.1:${port}${API_BASE}${path}`]);

  const rate = async (url: string, seconds: number) => (await load(url, fixture.token, body, seconds)).requests;
  for (const [, url] of targets) await rate(url, 1); // warm-up
  const rates = new Map<string, number[]>();
  for (let round = 0; round < 2; round++) {
    for (const [name, url] of targets) rates.set(name, [...(rates.get(name) ?? []), await rate(url, SECONDS)]);
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const twin = mean([...rates.values()][0]!);
  console.log(
    `\n${CALL}, ${SECONDS} s × 2 each, 50 connections\n\n| server | req/s | ratio | µs a request |\n|---|---|---|---|`,
  );
  for (const [name, values] of rates)
    console.log(
      `| ${name} | ${Math.round(mean(values))} | ${(mean(values) / twin).toFixed(3)} | ${(1e6 / mean(values)).toFixed(0)} |`,
    );
} finally {
  for (const child of children) await stop(child);
  await rm(bodyFile, { force: true });
}
