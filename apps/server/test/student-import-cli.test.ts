import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCollected } from './cli-output.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { copyTemplate } from './pglite-templates.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-import-'));
  await mkdir(join(dir, 'data'));
  await copyTemplate(join(dir, 'data', 'pglite'), 'migrated');
  const db = await openPglite(join(dir, 'data', 'pglite'));
  await migrate(db);
  await db.query(`INSERT INTO subjects (name) VALUES ('Physics')`);
  await db.close();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs a command line in this process against an embedded database of its own (with the demo courses). */
async function portal(...argv: string[]) {
  return runCliCollected(argv, { DATA_DIR: join(dir, 'data'), NODE_ENV: 'test' });
}

async function file(name: string, content: string | Uint8Array) {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

async function students() {
  const db = await openPglite(join(dir, 'data', 'pglite'));
  try {
    return await db.query<{ name: string; phone_code: string; mobile: string; guardian: string }>(
      'SELECT name, phone_code, mobile, guardian FROM students ORDER BY name',
    );
  } finally {
    await db.close();
  }
}

const goodAndBad = [
  'name,mobile,guardian,subjects',
  'Asha Rao,098765 11111,Ravi Rao,Physics',
  'No Number,,,',
  'Kiran Das,91-98765-22222,,Astronomy',
  'Dev Patel,9876533333,,',
  'Asha Again,+91 98765 11111,,',
].join('\n');

// Each command opens the embedded database on disk, which takes seconds on a busy machine.
describe('npm run portal -- import students', { timeout: 180_000 }, () => {
  it('dry run: prints each problem with its line number (the header is line 1), exits 1 and stores nothing', async () => {
    const path = await file('students.csv', goodAndBad);
    const run = await portal('import', 'students', path);
    expect(run.code).toBe(1);
    expect(run.out.split('\n').slice(0, 3)).toEqual([
      'line 3: Mobile is required.',
      'line 4: There is no subject "Astronomy".',
      'line 6: The same mobile number as line 2.',
    ]);
    expect(run.out).toContain('2 new, 0 to update, 0 unchanged, 3 with problems. Nothing was stored (dry run).');
    expect(await students()).toEqual([]);
  });

  it('--commit applies the valid lines in one go, lists the skipped ones, and the same file again changes nothing', async () => {
    const path = await file('students.csv', goodAndBad);
    const run = await portal('import', 'students', path, '--commit');
    expect(run.out).toContain('2 new, 0 updated, 0 unchanged, in one transaction.');
    expect(run.out).toContain('Skipped 3 lines:\nline 3: Mobile is required.');
    expect(await students()).toEqual([
      { name: 'Asha Rao', phone_code: '91', mobile: '9876511111', guardian: 'Ravi Rao' },
      { name: 'Dev Patel', phone_code: '91', mobile: '9876533333', guardian: '' },
    ]);
    const again = await portal('import', 'students', path, '--commit');
    expect(again.out).toContain('0 new, 0 updated, 2 unchanged, in one transaction.');
    expect(await students()).toHaveLength(2);
  });

  it('exports the same columns, which import back with nothing to change', async () => {
    const out = join(dir, 'export.csv');
    expect((await portal('export', 'students', out)).out).toBe(`Wrote 2 students to ${out}.`);
    const text = await readFile(out, 'utf8');
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFname,mobile,guardian,email,state,district,academic_level,subjects,batches',
    );
    const back = await portal('import', 'students', out);
    expect(back).toMatchObject({
      code: 0,
      out: expect.stringContaining('0 new, 0 to update, 2 unchanged, 0 with problems'),
    });
  });

  it.each([
    [
      'Latin-1',
      new Uint8Array([...Buffer.from('name,mobile\nJos'), 0xe9, ...Buffer.from(',9876544444\n')]),
      'not UTF-8',
    ],
    ['no header', 'Asha Rao,9876544444\n', 'There is no header line'],
    [
      'no heading it understands',
      'Pupil,Cell\nA,9876544444\n',
      'No heading of the first line is understood: "Pupil", "Cell"',
    ],
    ['semicolons', 'name;mobile\nA;9876544444\n', 'separated by semicolons'],
  ])('refuses a file with %s, saying what is wrong, and stores nothing', async (label, content, message) => {
    const run = await portal('import', 'students', await file(`${label}.csv`, content), '--commit');
    expect(run.code).toBe(1);
    expect(run.err).toContain(message);
    expect(await students()).toHaveLength(2);
  });

  it("accepts the byte-order mark a spreadsheet writes, the office's headings, and names the columns it does not import", async () => {
    const run = await portal(
      'import',
      'students',
      await file('bom.csv', '\uFEFFS.No.,Student Name,Mobile No.,Roll No\r\n1,Asha Rao,98765 11111,14\r\n'),
    );
    expect(run).toMatchObject({ code: 0, out: expect.stringContaining('1 unchanged') });
    expect(run.out).toContain('Not imported: Roll No (the portal does not keep these columns).');
  });

  it('refuses a file over 10 MB without reading it', async () => {
    const run = await portal('import', 'students', await file('big.csv', new Uint8Array(50 * 1024 * 1024)));
    expect(run.code).toBe(1);
    expect(run.err).toContain('the largest file accepted is 10 MB');
  });
});
