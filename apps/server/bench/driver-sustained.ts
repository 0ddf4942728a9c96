// Does the PostgreSQL driver keep its pace under steady load? 50 statements always in flight through postgres.js
// (the portal's db/postgres.ts, DB_POOL_SIZE connections: 10 here unless set, as for the figures in decision 030), for
// BENCH_SECONDS, the rate printed every 5 s. As shipped, postgres.js 3.4.9 fell from 27,000 to 4,800 statements a
// second within 30 s here (its busy queue grew by a slot a statement and was scanned on each);
// patches/postgres+3.4.9.patch keeps it flat. Run it again when postgres.js is upgraded, to see whether the patch is
// still needed. Prints figures; asserts nothing.
//
//   BENCH_SECONDS=60  DB_POOL_SIZE=10  BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_perf
import { openPostgres } from '../src/db/postgres.ts';
import { DATABASE_URL, ensurePostgresDatabase } from './bench-servers.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const IN_FLIGHT = 50;
const CONNECTIONS = Number(process.env.DB_POOL_SIZE ?? 10);

await ensurePostgresDatabase();
const db = openPostgres(DATABASE_URL, { max: CONNECTIONS });
const started = performance.now();
let done = 0;
let stopped = false;
const client = async () => {
  while (!stopped) {
    await db.query('SELECT $1::int AS n', [done]);
    done++;
  }
};
let last = { at: started, done: 0 };
const report = setInterval(() => {
  const now = performance.now();
  console.log(
    `${Math.round((now - started) / 1000)} s: ${Math.round(((done - last.done) * 1000) / (now - last.at))} statements/s`,
  );
  last = { at: now, done };
}, 5000);
console.log(`postgres.js, ${IN_FLIGHT} statements in flight on ${CONNECTIONS} connections, ${SECONDS} s`);
setTimeout(() => (stopped = true), SECONDS * 1000);
await Promise.all(Array.from({ length: IN_FLIGHT }, client));
clearInterval(report);
await db.close();
