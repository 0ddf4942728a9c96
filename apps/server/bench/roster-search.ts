// Prints the p50/p95 of roster searches and pages with 100,000 students (STUDENTS to change it), and the
// plan of each, on PGlite, or on PostgreSQL when DATABASE_URL is set. Figures only; nothing is asserted.
import { performance } from 'node:perf_hooks';
import { migrate } from '../src/db/migrate.ts';
import { searchStudents, type StudentSearch } from '../src/resources/roster/search-students.ts';
import { openTestDatabase } from '../test/helper.ts';

const STUDENTS = Number(process.env.STUDENTS ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 100);

if (process.env.DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
const db = await openTestDatabase();
await migrate(db);

const started = performance.now();
// Names from two lists of common Indian first and last names; numbers 9000000000 upwards, all distinct.
await db.query(
  `INSERT INTO students (name, guardian, phone_code, mobile, academic_level, active)
   SELECT f.first || ' ' || l.last || CASE WHEN i % 7 = 0 THEN ' ' || l2.last ELSE '' END, 'Guardian ' || i, '91', (9000000000 + i * 37)::text,
          'Class ' || (9 + i % 4), i % 20 <> 0
     FROM generate_series(1, $1::int) AS i,
     LATERAL (SELECT (ARRAY['Aarav','Vivaan','Aditya','Vihaan','Arjun','Sai','Reyansh','Ayaan','Krishna','Ishaan','Ananya','Diya','Aadhya','Saanvi','Myra','Meera','Priya','Kavya','Lakshmi','Fatima','Rahul','Rohan','Sneha','Pooja','Deepak'])[1 + i % 25] AS first) f,
     LATERAL (SELECT (ARRAY['Sharma','Nair','Patel','Reddy','Iyer','Menon','Gupta','Singh','Khan','Das','Pillai','Rao','Joshi','Verma','Kumar','Mehta','Bose','Chopra','Thomas','George','Varghese','Kurian','Pandey','Mishra','Jain','Shah','Naidu'])[1 + (i / 25) % 27] AS last) l,
     LATERAL (SELECT (ARRAY['Kapoor','Saxena','Bhat','Hegde'])[1 + i % 4] AS last) l2`,
  [STUDENTS],
);
await db.query('ANALYZE students');
console.log(`${STUDENTS} students inserted in ${Math.round(performance.now() - started)} ms (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})\n`);

const middle = (await db.query<{ name: string; id: number }>(`SELECT name, id FROM students ORDER BY lower(name), id OFFSET $1 LIMIT 1`, [Math.floor(STUDENTS / 2)]))[0];
const searches: [string, Omit<StudentSearch, 'limit'>][] = [
  ['first page, everyone', { status: 'all' }],
  ['a page in the middle (keyset)', { status: 'all', after: middle }],
  ['active only, first page', { status: 'active' }],
  ['name: one word prefix "kav"', { q: 'kav', status: 'all' }],
  ['name: two words "meera nai"', { q: 'meera nai', status: 'all' }],
  ['name: rare "fatima kapoor"', { q: 'fatima kapoor', status: 'all' }],
  ['number: prefix "90000 12"', { q: '90000 12', status: 'all' }],
  ['number: whole "+91 90000 37000"', { q: '+91 90000 37000', status: 'all' }],
  ['number: no match "98"', { q: '98', status: 'all' }],
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
console.log('search'.padEnd(38), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'rows'.padStart(6));
for (const [label, search] of searches) {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    rows = (await searchStudents(db, { ...search, limit: 50 }, '91')).students.length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(label.padEnd(38), percentile(times, 0.5).toFixed(2).padStart(8), percentile(times, 0.95).toFixed(2).padStart(8), String(rows).padStart(6));
}

if (process.env.PLANS) {
  const explain = await db.query<Record<string, string>>(
    `EXPLAIN ANALYZE WITH named AS MATERIALIZED (SELECT id, name FROM students WHERE name_words @@ to_tsquery('simple', 'kav:*'))
     SELECT s.id FROM named s ORDER BY lower(s.name), s.id LIMIT 51`,
  );
  console.log('\n' + explain.map((r) => Object.values(r)[0]).join('\n'));
}
await db.close();
