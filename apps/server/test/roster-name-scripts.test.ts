import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db/database.ts';
import { fillNameKeys } from '../src/resources/roster/fill-name-keys.ts';
import { searchStudents } from '../src/resources/roster/search-students.ts';
import { startTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let admin: string;
let teacher: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.staffTokenFor('admin');
  teacher = await t.staffTokenFor('teacher');
  const file = [
    'name,mobile',
    'राहुल शर्मा,98290 11111',
    'सुनीता वर्मा,98290 22222',
    'प्रिया सिंह,98290 33333',
    'लक्ष्मी देवी,98290 44444',
    'रोहित कुमार,98290 55555',
    'Sunil Kumar,98290 66666',
  ].join('\n');
  const commit = await t.consolePost(
    '/Students/import_commit',
    { file: Buffer.from(file, 'utf8').toString('base64') },
    admin,
  );
  expect(commit.body.data).toMatchObject({ created: 6 });
});
afterAll(() => t.close());

/** The names the roster search lists for what was typed (the console's roster and Insights ask the same call). */
async function found(q: string): Promise<string[]> {
  const answer = await t.consolePost('/Students/list', { q, status: 'all' }, teacher);
  expect(answer.status, q).toBe(200);
  return answer.body.data.students.map((s: { name: string }) => s.name).sort();
}

describe('searching names written in Devanagari', () => {
  it('finds a name by the start of each of its words, typed in Devanagari', async () => {
    for (const q of ['राहुल', 'राह', 'रा', 'राहुल शर्मा', 'शर्मा राहुल', 'राहुल श'])
      expect(await found(q), q).toEqual(['राहुल शर्मा']);
    expect(await found('सुनीता')).toEqual(['सुनीता वर्मा']);
    expect(await found('लक्ष्मी दे')).toEqual(['लक्ष्मी देवी']);
  });

  it('finds a Devanagari name by Latin letters, as a clerk types them', async () => {
    for (const q of ['rahul', 'rah', 'Rahul Sharma', 'sharma rahul']) expect(await found(q), q).toEqual(['राहुल शर्मा']);
    expect(await found('sunita')).toEqual(['सुनीता वर्मा']);
    expect(await found('priya')).toEqual(['प्रिया सिंह']);
    expect(await found('lakshmi')).toEqual(['लक्ष्मी देवी']);
    expect(await found('laxmi')).toEqual(['लक्ष्मी देवी']);
    expect(await found('sharma')).toEqual(['Arjun Sharma', 'राहुल शर्मा']);
  });

  it('finds a Latin name by Devanagari', async () => {
    expect(await found('मीरा')).toEqual(['Meera Nair']);
    expect(await found('अर्जुन')).toEqual(['Arjun Sharma']);
    expect(await found('शर्मा')).toEqual(['Arjun Sharma', 'राहुल शर्मा']);
    expect(await found('सुनील')).toEqual(['Sunil Kumar']);
  });

  it('does not list a different name', async () => {
    for (const q of ['rohan', 'rahul verma', 'मोहन', 'राहुल वर्मा', 'meera sharma', 'sunil sharma'])
      expect(await found(q), q).toEqual([]);
    expect(await found('sunit')).toEqual(['सुनीता वर्मा']);
    expect(await found('rohit')).toEqual(['रोहित कुमार']);
  });

  it('finds a name by its new spelling once staff edit it in the console', async () => {
    const [row] = await t.db.query<{ id: number }>(`SELECT id FROM students WHERE name = 'प्रिया सिंह'`);
    const { student } = (await t.consolePost('/Students/get', { stud_id: row!.id }, admin)).body.data;
    const { active: _active, subject_ids: _subjects, batch_ids: _batches, ...edit } = student;
    expect((await t.consolePost('/Students/update', { ...edit, name: 'प्रिया चौहान' }, admin)).status).toBe(200);
    expect(await found('priya chauhan')).toEqual(['प्रिया चौहान']);
    expect(await found('priya singh')).toEqual([]);
  });

  it('fills the key of a name stored before it existed, which its own script finds meanwhile', async () => {
    await t.db.query(`INSERT INTO students (name, phone_code, mobile) VALUES ('दिव्या पटेल', '91', '9829077777')`);
    expect(await found('दिव्या')).toEqual(['दिव्या पटेल']);
    expect(await found('divya')).toEqual([]);
    expect(await fillNameKeys(t.db)).toBe(1);
    expect(await found('divya patel')).toEqual(['दिव्या पटेल']);
    expect(await fillNameKeys(t.db)).toBe(0);
  });

  it('reads the matches from the name index, whichever script was typed', async () => {
    for (const q of ['राहुल', 'rahul']) {
      const plan = await t.db.transaction(async (tx) => {
        // Few rows here: without this the planner rightly reads the table; the test asks whether the index can answer.
        await tx.query('SET LOCAL enable_seqscan = off');
        const explaining = {
          query: (sql: string, params?: readonly unknown[]) => tx.query(`EXPLAIN ${sql}`, params),
        } as Queryable;
        return (await searchStudents(explaining, { q, status: 'all', limit: 50 }, '91')).students
          .map((row) => Object.values(row)[0])
          .join('\n');
      });
      expect(plan, q).toMatch(/Bitmap Index Scan on students_name_key/);
    }
  });
});
