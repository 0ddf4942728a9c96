// Prints how long the one importer takes to preview and to commit a CSV of 10,000 new students (LINES to
// change it), then the same file again (all unchanged), on PGlite, or on PostgreSQL when DATABASE_URL is set.
import { performance } from 'node:perf_hooks';
import { migrate } from '../src/db/migrate.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { importStudents } from '../src/resources/roster/import/import-students.ts';
import { openTestDatabase } from '../test/helper.ts';

const LINES = Number(process.env.LINES ?? 10_000);

if (process.env.DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
const db = await openTestDatabase();
await migrate(db);
await seedDemo(db);
const batches = await db.query<{ name: string; subject: string }>(
  'SELECT b.name, s.name AS subject FROM batches b JOIN subjects s ON s.id = b.subject_id ORDER BY b.id',
);

const rows = ['name,mobile,guardian,email,state,district,academic_level,subjects,batches'];
for (let i = 0; i < LINES; i++) {
  const batch = batches[i % batches.length]!;
  // Numbers written the ways staff write them: with the trunk 0, with spaces, with +91.
  const national = String(7000000000 + i * 13);
  const mobile = i % 3 === 0 ? `0${national}` : i % 3 === 1 ? `${national.slice(0, 5)} ${national.slice(5)}` : `+91${national}`;
  rows.push(`Student ${i},${mobile},Guardian ${i},s${i}@example.com,Kerala,Ernakulam,Class ${9 + (i % 4)},${batch.subject},"${batch.name}"`);
}
const file = new TextEncoder().encode(rows.join('\n'));
console.log(`${LINES} lines, ${(file.byteLength / 1024).toFixed(0)} KB (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);

const time = async (label: string, work: () => Promise<string>) => {
  const started = performance.now();
  const result = await work();
  console.log(`${label.padEnd(34)} ${(performance.now() - started).toFixed(0).padStart(7)} ms   ${result}`);
};
const options = { defaultCountry: 'IN' as const };
await time('preview (dry run)', async () => JSON.stringify((await importStudents(db, file, options)).plan.counts));
await time('commit, one transaction', async () => JSON.stringify((await importStudents(db, file, { ...options, commit: 'command line' })).applied));
await time('same file again: preview', async () => JSON.stringify((await importStudents(db, file, options)).plan.counts));
await time('same file again: commit', async () => JSON.stringify((await importStudents(db, file, { ...options, commit: 'command line' })).applied));
await db.close();
