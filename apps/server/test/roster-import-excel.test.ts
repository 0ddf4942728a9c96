import { readFile } from 'node:fs/promises';
import { STUDENT_CSV_TEMPLATE } from '@portal/contract/console';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper.ts';

// Files as Excel writes them (CRLF, quotes only where a cell holds a comma), with the office's own headings:
// once as "CSV UTF-8" (with a byte-order mark) and once as Excel's default "CSV (Comma delimited)", which writes
// every Devanagari letter as "?".
const fixture = (name: string) => readFile(new URL(`./fixtures/${name}`, import.meta.url));
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.staffTokenFor('admin');
});
afterAll(() => t.close());

const upload = (bytes: Buffer | string) => ({ file: Buffer.from(bytes).toString('base64') });
const preview = (bytes: Buffer | string) => t.consolePost('/Students/import_preview', upload(bytes), admin);
const commit = (bytes: Buffer | string) => t.consolePost('/Students/import_commit', upload(bytes), admin);
const student = async (mobile: string) =>
  (
    await t.db.query<{ name: string; guardian: string; academic_level: string }>(
      'SELECT name, guardian, academic_level FROM students WHERE mobile = $1',
      [mobile],
    )
  )[0];
type Line = { line: number; status: string; message: string; problems: string[] };
const outcome = (lines: Line[]) => lines.map((l) => `${l.line} ${l.status}${l.message ? `: ${l.message}` : ''}`);

describe("the office's own sheet", () => {
  it.each([
    ['with a byte-order mark', (b: Buffer) => b],
    ['without one', (b: Buffer) => b.subarray(3)],
  ])(
    'is read under its own headings (S.No., Student Name, Mobile No., Father’s Name, Class…), %s',
    async (_, strip) => {
      const file = strip(await fixture('office-sheet-csv-utf8.csv'));
      const answer = await preview(file);
      expect(answer.status).toBe(200);
      expect(answer.body.data.ignored_columns).toEqual([]);
      expect(outcome(answer.body.data.lines)).toEqual(['2 new', '3 new']);
    },
  );

  it('stores what each heading names, and names the columns it does not import instead of refusing the file', async () => {
    const file = (await fixture('office-sheet-csv-utf8.csv'))
      .toString('utf8')
      .replace('Batch\r\n', 'Batch,Roll No,Date of Birth\r\n');
    const answer = await preview(file);
    expect(answer.body.data.ignored_columns).toEqual(['Roll No', 'Date of Birth']);
    expect(answer.body.data.counts).toMatchObject({ new: 2, error: 0 });

    expect((await commit(file)).body.data).toMatchObject({ created: 2, skipped: [] });
    expect(await student('9829011111')).toEqual({
      name: 'राहुल शर्मा',
      guardian: 'रमेश शर्मा',
      academic_level: 'Class 11',
    });
    expect(await student('9829022222')).toEqual({
      name: 'Sunita Verma',
      guardian: 'Verma, Mohan',
      academic_level: 'Class 12',
    });
  });

  it('refuses a file whose headings it cannot place, naming the ones it did not understand', async () => {
    expect(await preview('Pupil,Cell\r\nAsha,9876511111\r\n')).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('No heading of the first line is understood: "Pupil", "Cell".') },
    });
    expect(await preview('Sr. No.,Student Name,Roll No\r\n1,Asha,14\r\n')).toMatchObject({
      status: 400,
      body: {
        message: expect.stringMatching(
          /no "mobile" column \(understood as "mobile", "mobile no".*Headings not understood: "Roll No"\./,
        ),
      },
    });
    expect(await preview('1,Asha Rao,98765 11111\r\n')).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('There is no header line') },
    });
  });

  it('reads the template the import page offers as one new student, every heading understood', async () => {
    const answer = await preview(Buffer.concat([BOM, Buffer.from(STUDENT_CSV_TEMPLATE)]));
    expect(answer.body.data.ignored_columns).toEqual([]);
    expect(outcome(answer.body.data.lines)).toEqual(['2 new']);
  });
});

describe('a sheet saved as Excel\'s "CSV (Comma delimited)"', () => {
  it('is refused line by line where letters became "?", saying how to save as CSV UTF-8, and committing it changes no name', async () => {
    await commit(await fixture('office-sheet-csv-utf8.csv')); // the students as the office first imported them, in Hindi
    const damaged = await fixture('office-sheet-csv-comma-delimited.csv');
    expect(damaged.every((byte) => byte < 0x80)).toBe(true);
    const answer = await preview(damaged);
    expect(answer.status).toBe(200);
    expect(answer.body.data.counts).toEqual({ new: 0, updated: 0, unchanged: 1, error: 2 });
    const [rahul, , unknown] = answer.body.data.lines as Line[];
    expect(rahul).toMatchObject({ line: 2, status: 'error', name: '????? ?????' });
    expect(rahul!.message).toContain(
      'Name "????? ?????", guardian "???? ?????" have question marks where letters should be.',
    );
    expect(rahul!.message).toContain('In Excel choose File > Save As, pick "CSV UTF-8 (Comma delimited) (*.csv)"');
    expect(unknown).toMatchObject({
      line: 4,
      status: 'error',
      problems: [expect.stringContaining('Name "???? ?????" has question marks')],
    });

    expect((await commit(damaged)).body.data).toMatchObject({
      created: 0,
      updated: 0,
      skipped: [{ line: 2 }, { line: 4 }],
    });
    expect(await student('9829011111')).toMatchObject({ name: 'राहुल शर्मा', guardian: 'रमेश शर्मा' });
    expect(await student('9829033333')).toBeUndefined();
  });
});

describe('a line with several problems', () => {
  it('lists every one of them at once, the repeated number among them', async () => {
    const file = [
      'name,mobile,email,subjects,batches',
      'Asha Rao,098765 11111,,Physics,',
      'Asha R.,+91 98765 11111,asha@,Astronomy,Batch Z',
      ',12345,,,',
    ].join('\r\n');
    const lines = (await preview(file)).body.data.lines as Line[];
    expect(lines[1]).toMatchObject({
      line: 3,
      status: 'error',
      problems: [
        'Email "asha@" is not an email address.',
        'There is no subject "Astronomy".',
        'There is no batch "Batch Z".',
        'The same mobile number as line 2.',
      ],
    });
    expect(lines[1]!.message).toBe(lines[1]!.problems.join(' '));
    expect(lines[2]!.problems).toEqual([
      'Name is required.',
      'Mobile "12345": The number is too short for India: a digit is missing.',
    ]);
  });
});

describe('the export', () => {
  it('writes numbers as the roster shows them, no apostrophe, and imports back with nothing to change', async () => {
    await commit(
      [
        'name,mobile,guardian,subjects',
        '"=Ravi, the first",9876512345,"Rao, ""Ravi"" Sr.",Physics',
        'राहुल वर्मा,+91 98290 44444,सुनीता वर्मा,',
      ].join('\r\n'),
    );
    const exported = (await t.consolePost('/Students/export', {}, admin)).body.data.csv as string;
    const rows = exported.split('\r\n');
    expect(rows).toContain(`"'=Ravi, the first",+91 98765 12345,"Rao, ""Ravi"" Sr.",,,,,Physics,`);
    expect(rows).toContain('राहुल वर्मा,+91 98290 44444,सुनीता वर्मा,,,,,,');
    expect(exported).not.toContain("'+");

    const back = await preview(exported);
    expect(back.body.data.counts).toMatchObject({ new: 0, updated: 0, error: 0 });
    expect(back.body.data.counts.unchanged).toBe(rows.length - 2);
  });
});
