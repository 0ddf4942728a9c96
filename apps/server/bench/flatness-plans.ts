// `npx tsx apps/server/bench/flatness-plans.ts`: what the database does for each of the demo student's calls of
// flatness.ts, at demo size and at the grown size: every read statement a call runs, explained with
// EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL (the second run, caches warm): its execution time, the buffers it touched
// and the rows each index gave. A call that slows with size shows here as more buffers at the grown size. Asserts
// nothing. The same databases as flatness.ts (BENCH_DATABASE_URL, schemas bench_demo/bench_grown, grown once).
//
//   BENCH_CALLS=topics,news (default every call)   BENCH_PLAN=full (print whole plans; default one line a statement)
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { calls, DATABASE_URL, envList, setUp } from './bench-servers.ts';
import { recording } from './recording.ts';

const ONLY = process.env.BENCH_CALLS ? envList(process.env.BENCH_CALLS, '') : undefined;
const FULL = process.env.BENCH_PLAN === 'full';

interface Explained {
  ms: number;
  buffers: number;
  plan: string[];
}

async function explain(db: ReturnType<typeof openPostgres>, sql: string, params: readonly unknown[]) {
  let lines: string[] = [];
  for (let i = 0; i < 2; i++) {
    const rows = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    lines = rows.map((r) => r['QUERY PLAN']);
  }
  const top = lines.find((l) => /Buffers:/.test(l)) ?? '';
  const buffers = [...top.matchAll(/(hit|read)=(\d+)/g)].reduce((n, m) => n + Number(m[2]), 0);
  const ms = Number(lines.find((l) => l.startsWith('Execution Time'))?.match(/[\d.]+/)?.[0] ?? NaN);
  return { ms, buffers, plan: lines } satisfies Explained;
}

async function plansOf(size: string) {
  const { fixture } = await setUp('postgres', size);
  const db = openPostgres(DATABASE_URL, { searchPath: `bench_${size}`, max: 1 });
  const recorder = recording(db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'a-bench-secret-of-at-least-32-characters',
  });
  const app = await buildApp({ config, db: recorder.db, logger: false });
  const result = new Map<string, [string, Explained][]>();
  try {
    for (const [name, path, extra] of calls(fixture)) {
      if (ONLY && !ONLY.includes(name)) continue;
      recorder.clear();
      const response = await app.inject({
        method: 'POST',
        url: config.API_BASE + path,
        headers: { 'content-type': 'application/json', token: fixture.token },
        payload: { stud_id: fixture.student, ...extra },
      });
      if (response.statusCode !== 200) throw new Error(`${name} answered ${response.statusCode}`);
      const explained: [string, Explained][] = [];
      for (const [sql, params] of recorder.statements()) {
        if (!/^\s*(SELECT|WITH)/i.test(sql)) continue;
        explained.push([sql.replace(/\s+/g, ' ').trim(), await explain(db, sql, params)]);
      }
      result.set(name, explained);
    }
  } finally {
    await app.close();
    await db.close();
  }
  return result;
}

const demo = await plansOf('demo');
const grown = await plansOf('grown');
for (const [name, statements] of demo) {
  console.log(`\n## ${name}\n`);
  statements.forEach(([sql, d], i) => {
    const g = grown.get(name)?.[i]?.[1];
    console.log(
      `- ${sql.slice(0, 140)}…\n  demo ${d.ms.toFixed(3)} ms, ${d.buffers} buffers; grown ${g?.ms.toFixed(3)} ms, ${g?.buffers} buffers`,
    );
    if (FULL)
      for (const [label, e] of [
        ['demo', d],
        ['grown', g],
      ] as const)
        console.log(`\n  ${label}:\n${e?.plan.map((l) => `    ${l}`).join('\n')}`);
  });
}
