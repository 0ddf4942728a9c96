import { describe, expect, it } from 'vitest';
import { CsvFileError, MAX_IMPORT_BYTES, readStudentCsv } from '../src/resources/roster/import/student-csv-file.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const fileError = async (input: Uint8Array) => {
  try {
    await readStudentCsv(input);
  } catch (error) {
    if (error instanceof CsvFileError) return error.message;
    throw error;
  }
  return 'read without an error';
};

describe('reading a student CSV file', () => {
  it('numbers lines as a spreadsheet does (the header is line 1) and skips blank rows without renumbering', async () => {
    const csv = await readStudentCsv(
      bytes('name,mobile,subjects\r\nAsha Rao,098765 11111,Physics;Chemistry\r\n\r\n"Rao, Ravi",9876522222,\r\n'),
    );
    expect(csv.columns).toEqual(['name', 'mobile', 'subjects']);
    expect(csv.lines).toEqual([
      {
        line: 2,
        cells: { name: 'Asha Rao', mobile: '098765 11111', subjects: 'Physics;Chemistry' },
        extraCells: false,
      },
      { line: 4, cells: { name: 'Rao, Ravi', mobile: '9876522222', subjects: '' }, extraCells: false },
    ]);
  });

  it("accepts a spreadsheet's byte-order mark, header words in any case or order, and drops export's formula guard", async () => {
    const csv = await readStudentCsv(bytes("\uFEFFMobile,Name,Academic Level\n'+919876511111,Asha,Class 11\n"));
    expect(csv.columns).toEqual(['mobile', 'name', 'academic_level']);
    expect(csv.lines[0]?.cells).toEqual({ mobile: '+919876511111', name: 'Asha', academic_level: 'Class 11' });
  });

  it('reads common headings in any case and punctuation, skips a serial number, and names the columns it does not import', async () => {
    const csv = await readStudentCsv(
      bytes(
        "S.No.,Student's Name,WhatsApp No.,FATHER NAME,E-mail ID,Standard,Roll No,Subject\r\n1,Asha,9876511111,Ravi,a@b.in,Class 11,7,Physics\r\n",
      ),
    );
    expect(csv.columns).toEqual(['name', 'mobile', 'guardian', 'email', 'academic_level', 'subjects']);
    expect(csv.ignoredColumns).toEqual(['Roll No']);
    expect(csv.lines[0]?.cells).toEqual({
      name: 'Asha',
      mobile: '9876511111',
      guardian: 'Ravi',
      email: 'a@b.in',
      academic_level: 'Class 11',
      subjects: 'Physics',
    });
    expect((await readStudentCsv(bytes('#,नाम,मोबाइल नंबर,कक्षा\n1,आशा,9876511111,11\n'))).lines[0]?.cells).toEqual({
      name: 'आशा',
      mobile: '9876511111',
      academic_level: '11',
    });
  });

  it('marks a line with more cells than the header', async () => {
    expect((await readStudentCsv(bytes('name,mobile\nAsha,9876511111,extra\n'))).lines[0]?.extraCells).toBe(true);
  });

  it.each([
    ['Windows-1252 text', new Uint8Array([...bytes('name,mobile\nJos'), 0xe9, ...bytes(',9876511111\n')]), 'not UTF-8'],
    ['UTF-16 text', new Uint8Array([0xff, 0xfe, ...bytes('n\0a\0')]), 'UTF-16'],
    ['an empty file', bytes(''), 'The file is empty'],
    ['no header', bytes('Asha Rao,9876511111\n'), 'There is no header line'],
    [
      'no heading it understands',
      bytes('Pupil,Cell phone\n'),
      'No heading of the first line is understood: "Pupil", "Cell phone"',
    ],
    [
      'two headings of one column',
      bytes('name,mobile,WhatsApp No.\n'),
      'The columns "mobile" and "WhatsApp No." are both read as mobile',
    ],
    ['no mobile column', bytes('name,email\n'), 'no "mobile" column'],
    ['a repeated column', bytes('name,mobile,name\n'), '"name" appears twice'],
    ['semicolons between columns', bytes('name;mobile\nAsha;9876511111\n'), 'separated by semicolons'],
    ['a spreadsheet binary', bytes('PK\u0003\u0004\u0000\u0000name,mobile'), 'not a CSV text file'],
    ['an unclosed quote', bytes('name,mobile\n"Asha,9876511111\n'), 'The file is not valid CSV: Quote Not Closed'],
    ['a file over the limit', new Uint8Array(MAX_IMPORT_BYTES + 1), 'the largest file accepted is 10 MB'],
  ])('refuses %s, saying what is wrong', async (_, input, message) => {
    expect(await fileError(input)).toContain(message);
  });
});
