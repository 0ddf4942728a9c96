// Prints the p50/p95 of roster searches and pages with 100,000 students (STUDENTS to change it), filtered by subject
// and batch too (a subject of a fifth of them, one of a fiftieth, one of 40; a batch of 5,000 and one of 30), and the
// count a bulk action asks for; and with PLANS set the plan of some, on PGlite, or on PostgreSQL when DATABASE_URL is set. Figures only; nothing is asserted.
import { performance } from 'node:perf_hooks';
import type { Queryable } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { fillNameKeys } from '../src/resources/roster/fill-name-keys.ts';
import { countMatching, searchStudents, type StudentSearch } from '../src/resources/roster/search-students.ts';
import { openTestDatabase } from '../test/helper.ts';

const STUDENTS = Number(process.env.STUDENTS ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 100);

if (process.env.DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
const db = await openTestDatabase();
await migrate(db);

const started = performance.now();
// Names from two lists of common Indian first and last names, every third one from two lists in Devanagari as a
// Rajasthan office would type them; numbers 9000000000 upwards, all distinct. The name keys are then filled as at the
// first start after migration 092, which times that too.
await db.query(
  `INSERT INTO students (name, guardian, phone_code, mobile, academic_level, active)
   SELECT CASE WHEN i % 3 = 0 THEN hf.first || ' ' || hl.last
               ELSE f.first || ' ' || l.last || CASE WHEN i % 7 = 0 THEN ' ' || l2.last ELSE '' END END,
          'Guardian ' || i, '91', (9000000000 + i * 37)::text,
          'Class ' || (9 + i % 4), i % 20 <> 0
     FROM generate_series(1, $1::int) AS i,
     LATERAL (SELECT (ARRAY['Aarav','Vivaan','Aditya','Vihaan','Arjun','Sai','Reyansh','Ayaan','Krishna','Ishaan','Ananya','Diya','Aadhya','Saanvi','Myra','Meera','Priya','Kavya','Lakshmi','Fatima','Rahul','Rohan','Sneha','Pooja','Deepak'])[1 + i % 25] AS first) f,
     LATERAL (SELECT (ARRAY['Sharma','Nair','Patel','Reddy','Iyer','Menon','Gupta','Singh','Khan','Das','Pillai','Rao','Joshi','Verma','Kumar','Mehta','Bose','Chopra','Thomas','George','Varghese','Kurian','Pandey','Mishra','Jain','Shah','Naidu'])[1 + (i / 25) % 27] AS last) l,
     LATERAL (SELECT (ARRAY['Kapoor','Saxena','Bhat','Hegde'])[1 + i % 4] AS last) l2,
     LATERAL (SELECT (ARRAY['राहुल','सुनीता','प्रिया','मीरा','अर्जुन','कविता','अनीता','संजय','दीपक','पूजा','लक्ष्मी','रोहित','नेहा','अमित','सुरेश','रमेश','गीता','सीमा','विकास','मनोज','आरती','राजेश','सोनिया','अंकित','कृष्णा'])[1 + (i / 3) % 25] AS first) hf,
     LATERAL (SELECT (ARRAY['शर्मा','वर्मा','सिंह','गुप्ता','यादव','पटेल','जैन','मिश्रा','पांडेय','चौहान','राठौर','मीणा','कुमार','अग्रवाल','जोशी','त्रिपाठी','शुक्ला','दुबे','तिवारी','सक्सेना','ठाकुर','भाटी','सैनी','गहलोत','खान','नायर','मेहता'])[1 + (i / 75) % 27] AS last) hl`,
  [STUDENTS],
);
// Subjects and batches of the sizes an institute has: enrolments by id, so each is spread over the alphabet.
const subject = async (name: string, every: number) => {
  const [row] = await db.query<{ id: number }>('INSERT INTO subjects (name) VALUES ($1) RETURNING id', [name]);
  await db.query('INSERT INTO enrolments (student_id, subject_id) SELECT id, $1 FROM students WHERE id % $2 = 0', [
    row!.id,
    every,
  ]);
  return row!.id;
};
const batch = async (subjectId: number, every: number) => {
  const [row] = await db.query<{ id: number }>(
    "INSERT INTO batches (subject_id, name) VALUES ($1, 'Batch') RETURNING id",
    [subjectId],
  );
  await db.query(
    'INSERT INTO batch_members (student_id, batch_id) SELECT student_id, $1 FROM enrolments WHERE subject_id = $2 AND student_id % $3 = 0',
    [row!.id, subjectId, every],
  );
  return row!.id;
};
const large = await subject('Physics', 5);
const middling = await subject('Chemistry', 50);
const small = await subject('Sanskrit', Math.floor(STUDENTS / 40));
const largeBatch = await batch(large, 20);
const smallBatch = await batch(middling, 50 * Math.floor(STUDENTS / 50 / 30));
await db.query('VACUUM (ANALYZE) enrolments, batch_members');
const inserted = performance.now();
const filled = await fillNameKeys(db);
const keyed = performance.now();
await db.query('VACUUM (ANALYZE) students');
console.log(
  `${STUDENTS} students inserted in ${Math.round(inserted - started)} ms, ${filled} name keys filled in ${Math.round(keyed - inserted)} ms (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})\n`,
);

const middle = (
  await db.query<{ name: string; id: number }>(
    `SELECT name, id FROM students ORDER BY lower(name), id OFFSET $1 LIMIT 1`,
    [Math.floor(STUDENTS / 2)],
  )
)[0];
const searches: [string, Omit<StudentSearch, 'limit'>][] = [
  ['first page, everyone', { status: 'all' }],
  ['a page in the middle (keyset)', { status: 'all', after: middle }],
  ['active only, first page', { status: 'active' }],
  ['name: one word prefix "kav"', { q: 'kav', status: 'all' }],
  ['name: two words "meera nai"', { q: 'meera nai', status: 'all' }],
  ['name: rare "fatima kapoor"', { q: 'fatima kapoor', status: 'all' }],
  ['Devanagari: one word prefix "राह"', { q: 'राह', status: 'all' }],
  ['Devanagari: two words "सुनीता शर्"', { q: 'सुनीता शर्', status: 'all' }],
  ['Devanagari: rare "कृष्णा गहलोत"', { q: 'कृष्णा गहलोत', status: 'all' }],
  ['Latin → Devanagari "sunita sharma"', { q: 'sunita sharma', status: 'all' }],
  ['Latin → both scripts "rahul"', { q: 'rahul', status: 'all' }],
  ['Latin → Devanagari rare "krishna gehlot"', { q: 'krishna gehlot', status: 'all' }],
  ['Devanagari → Latin "मीरा नायर"', { q: 'मीरा नायर', status: 'all' }],
  ['Devanagari → Latin rare "फ़ातिमा कपूर"', { q: 'फ़ातिमा कपूर', status: 'all' }],
  ['number: prefix "90000 12"', { q: '90000 12', status: 'all' }],
  ['number: whole "+91 90000 37000"', { q: '+91 90000 37000', status: 'all' }],
  ['number: no match "98"', { q: '98', status: 'all' }],
  ['subject of 20,000, first page', { status: 'all', subject_id: large }],
  ['subject of 20,000, page in the middle', { status: 'all', subject_id: large, after: middle }],
  ['subject of 2,000, first page', { status: 'all', subject_id: middling }],
  ['subject of 40', { status: 'all', subject_id: small }],
  ['batch of 5,000, first page', { status: 'all', batch_id: largeBatch }],
  ['batch of 30', { status: 'all', batch_id: smallBatch }],
  ['batch of 5,000, active, name "kav"', { status: 'active', batch_id: largeBatch, q: 'kav' }],
  ['subject of 20,000, Devanagari "राह"', { status: 'all', subject_id: large, q: 'राह' }],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
console.log('search'.padEnd(44), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'rows'.padStart(6));
for (const [label, search] of searches) {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    rows = (await searchStudents(db, { ...search, limit: 50 }, '91')).students.length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    label.padEnd(44),
    percentile(times, 0.5).toFixed(2).padStart(8),
    percentile(times, 0.95).toFixed(2).padStart(8),
    String(rows).padStart(6),
  );
}

console.log('\ncount for a bulk action'.padEnd(45), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'count'.padStart(6));
for (const [label, filter] of [
  ['batch of 30', { status: 'all', batch_id: smallBatch }],
  ['batch of 5,000 (over the limit)', { status: 'all', batch_id: largeBatch }],
  ['subject of 2,000', { status: 'all', subject_id: middling }],
  ['subject of 20,000 (over the limit)', { status: 'all', subject_id: large }],
] as const) {
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    count = await countMatching(db, filter, '91');
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    label.padEnd(44),
    percentile(times, 0.5).toFixed(2).padStart(8),
    percentile(times, 0.95).toFixed(2).padStart(8),
    String(count).padStart(6),
  );
}

if (process.env.PLANS) {
  const explaining = {
    query: (sql: string, params?: readonly unknown[]) => db.query(`EXPLAIN ANALYZE ${sql}`, params),
  } as Queryable;
  for (const [label, filter] of [
    ['subject of 40', { status: 'all', subject_id: small }],
    ['batch of 30', { status: 'all', batch_id: smallBatch }],
    ['subject of 20,000', { status: 'all', subject_id: large }],
    ['batch of 5,000', { status: 'all', batch_id: largeBatch }],
  ] as const) {
    const plan = (await searchStudents(explaining, { ...filter, limit: 50 }, '91')).students;
    console.log(`\n${label}:\n${plan.map((r) => Object.values(r)[0]).join('\n')}`);
  }
  for (const q of ['kav', 'rahul', 'मीरा नायर']) {
    // The search's own statement, explained: what the console runs, not a copy of it.
    const plan = (await searchStudents(explaining, { q, status: 'all', limit: 50 }, '91')).students;
    console.log(`\n${q}:\n${plan.map((r) => Object.values(r)[0]).join('\n')}`);
  }
}
await db.close();
