// `node --import tsx apps/server/bench/unauthenticated-bodies.ts`: twenty connections without a token each send a
// 60 MB content pack (a zip's bytes as the body, as the console sends one) and stall, as in issue 32. Prints how many
// read their 401, how long each waited for it, and the server's memory (RSS) before, at its peak and after. Starts
// the real server in its own process (production settings, embedded database in a temporary folder) through the
// end-to-end tests' helper. BENCH_ENTRY names another server entry (an older src/server.ts, to compare).
import { mkdtemp, readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer } from '../../../e2e/support/portal-server.ts';

const CLIENTS = 20;
const BODY_BYTES = 60 * 1024 * 1024;
const PATH = '/console/micros/Staff/Content/import_preview';

const rssMb = async (pid: number) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

/** One client: headers, then as much of a 60 MB body as the server takes, then silence. Resolves with its answer. */
function stalledBody(port: string, started: number) {
  return new Promise<{ status: number; ms: number }>((done) => {
    const call = request({
      host: '127.0.0.1',
      port,
      path: PATH,
      method: 'POST',
      agent: false,
      headers: { 'Content-Type': 'application/zip', 'Content-Length': String(BODY_BYTES) },
    });
    call.on('response', (response) => {
      response.resume();
      done({ status: response.statusCode ?? 0, ms: Date.now() - started });
    });
    call.on('error', () => done({ status: 0, ms: Date.now() - started }));
    const chunk = Buffer.alloc(1024 * 1024, 'A');
    // The first bytes of a zip (a local file header), then filler.
    call.write(Buffer.from('PK\x03\x04', 'latin1'));
    // All but the last byte, then nothing more: the stall.
    let sent = 4;
    const more = () => {
      while (sent + chunk.length < BODY_BYTES - 1) {
        sent += chunk.length;
        if (!call.write(chunk)) return void call.once('drain', more);
      }
    };
    more();
  });
}

const entry = process.env.BENCH_ENTRY ? resolve(process.env.BENCH_ENTRY) : undefined;
const server = await startServer(await mkdtemp(join(tmpdir(), 'bench-bodies-')), {}, entry);
try {
  const port = new URL(server.baseUrl).port;
  const before = await rssMb(server.pid);
  const started = Date.now();
  let peak = before;
  const sampler = setInterval(() => void rssMb(server.pid).then((mb) => (peak = Math.max(peak, mb))), 100);
  const answers = await Promise.race([
    Promise.all(Array.from({ length: CLIENTS }, () => stalledBody(port, started))),
    new Promise<null>((done) => setTimeout(() => done(null), 60_000)),
  ]);
  // Memory a moment after the last answer, once the server has let the connections go.
  await new Promise((done) => setTimeout(done, 2000));
  clearInterval(sampler);
  const after = await rssMb(server.pid);
  console.log(
    `${CLIENTS} connections without a token, each a 60 MB body to ${PATH}, then silence (${entry ?? 'src/server.ts'})`,
  );
  console.log(
    `RSS before ${before} MB, peak ${peak} MB, 2 s after the last answer ${after} MB (grew ${after - before} MB)`,
  );
  if (!answers) console.log('not every client had an answer after 60 s');
  else {
    const read = answers.filter((a) => a.status === 401);
    const times = read.map((a) => a.ms).sort((a, b) => a - b);
    const others = answers.filter((a) => a.status !== 401).map((a) => (a.status ? String(a.status) : 'reset'));
    console.log(
      `${read.length} of ${CLIENTS} read their 401${others.length ? ` (the others: ${others.join(', ')})` : ''}`,
    );
    if (times.length)
      console.log(
        `time to the 401 ms: min ${times[0]}, median ${times[Math.floor(times.length / 2)]}, max ${times.at(-1)}`,
      );
  }
} finally {
  await server.stop();
}
