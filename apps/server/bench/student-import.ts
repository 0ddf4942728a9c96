// Prints what a large roster import costs the rest of the server (issue 32; docs/decisions/049): the server in this
// process on the embedded database on its own thread, as it runs (or PostgreSQL when DATABASE_URL is set), previews
// and commits a CSV of LINES (100,000) new students over HTTP, then the same file again (all unchanged). During each,
// /healthz and a call that reads the database (/readyz) are asked one after another: their worst and median
// latency, and the event loop's longest wait and longest CPU block (test/event-loop-watch.ts).
import { performance } from 'node:perf_hooks';
import { watchEventLoop } from '../test/event-loop-watch.ts';
import { startTestApp } from '../test/helper.ts';
import { BATCHES_WITH_SUBJECTS, generatedStudentCsv } from '../test/student-csv-fixture.ts';

const LINES = Number(process.env.LINES ?? 100_000);

if (process.env.DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
const t = await startTestApp({ threadedDatabase: true });
const admin = await t.staffTokenFor('admin');
const bytes = generatedStudentCsv(LINES, await t.db.query(BATCHES_WITH_SUBJECTS));
const file = Buffer.from(bytes).toString('base64');
console.log(
  `${LINES} lines, ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite on its own thread'})`,
);

/** Asks `path` again and again until `done()`, one request at a time; the latencies in ms. */
async function pollWhile(path: string, done: () => boolean) {
  const latencies: number[] = [];
  while (!done()) {
    const started = performance.now();
    const answer = await fetch(`${t.url}${path}`);
    await answer.arrayBuffer();
    latencies.push(performance.now() - started);
  }
  return latencies;
}
const describe = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(0);
  return `${sorted.length} answers, median ${at(0.5)} ms, worst ${at(1)} ms`;
};

type Answer = { data?: { counts?: object; created?: number; updated?: number; unchanged?: number } };

async function measure(label: string, path: string, summary: (body: Answer) => string) {
  let finished = false;
  const loop = watchEventLoop();
  const healthz = pollWhile('/healthz', () => finished);
  const readyz = pollWhile('/readyz', () => finished);
  const started = performance.now();
  const answer = await t.consolePost(path, { file }, admin);
  const took = performance.now() - started;
  finished = true;
  const { longestWaitMs, longestBlockMs } = loop.stop();
  console.log(`\n${label}: HTTP ${answer.status} in ${(took / 1000).toFixed(1)} s, ${summary(answer.body as Answer)}`);
  console.log(`  /healthz: ${describe(await healthz)}`);
  console.log(`  /readyz (reads the database): ${describe(await readyz)}`);
  console.log(
    `  event loop: longest wait ${longestWaitMs.toFixed(0)} ms, longest block of this thread's own work ${longestBlockMs.toFixed(0)} ms (CPU)`,
  );
}

const counts = (body: Answer) => JSON.stringify(body.data?.counts ?? body);
const applied = (body: Answer) =>
  JSON.stringify({ created: body.data?.created, updated: body.data?.updated, unchanged: body.data?.unchanged });
await measure('preview', '/Students/import_preview', counts);
await measure('commit', '/Students/import_commit', applied);
await measure('same file again: preview', '/Students/import_preview', counts);
await measure('same file again: commit', '/Students/import_commit', applied);
await t.close();
