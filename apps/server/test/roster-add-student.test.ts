import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let admin: string;
let teacher: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.staffTokenFor('admin');
  teacher = await t.staffTokenFor('teacher');
});
afterAll(() => t.close());

const csv = (text: string) => ({ file: Buffer.from(text, 'utf8').toString('base64') });
const countStudents = async () =>
  (await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM students'))[0]!.count;

describe('adding a walk-in student from the console', () => {
  it('stores the student as an import would: canonical number, enrolments with a batch bringing its subject, Hindi search, an audit entry', async () => {
    const choices = await t.consolePost('/Students/enrolment_choices', {}, teacher);
    expect(choices.status).toBe(200);
    const { batches } = choices.body.data;
    expect(batches.length).toBeGreaterThan(0);
    const batch = batches[0];
    const added = await t.consolePost(
      '/Students/add',
      { name: 'राहुल वर्मा', mobile: '098290 22222', guardian: 'Suresh Verma', batch_ids: [batch.id] },
      admin,
    );
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      status: true,
      message: 'राहुल वर्मा is now a student.',
      data: {
        name: 'राहुल वर्मा',
        mobile: '+919829022222',
        guardian: 'Suresh Verma',
        email: '',
        active: true,
        subject_ids: [batch.subject_id],
        batch_ids: [batch.id],
      },
    });
    const id = added.body.data.stud_id;
    const found = await t.consolePost('/Students/list', { q: 'rahul verma' }, admin);
    expect(found.body.data.students.map((s: { stud_id: number }) => s.stud_id)).toEqual([id]);

    const [entry] = await t.db.query<{ staff_id: number | null; entity_id: string; before: unknown; after: any }>(
      "SELECT staff_id, entity_id, before, after FROM audit_log WHERE action = 'student.add'",
    );
    expect(entry).toMatchObject({ entity_id: String(id), before: null, after: { mobile: '+919829022222' } });
    expect(entry?.staff_id).not.toBeNull();

    // The importer reads the other writing of the number as this same student.
    const preview = await t.consolePost(
      '/Students/import_preview',
      csv('name,mobile\nराहुल वर्मा,+91 98290 22222\n'),
      admin,
    );
    expect(preview.body.data.counts).toMatchObject({ new: 0, unchanged: 1 });
  });

  it("refuses a number that is already a student's, however written, naming the field; stores nothing", async () => {
    const before = await countStudents();
    for (const mobile of ['+91 98765 43210', '098765 43210', '9876543210']) {
      const taken = await t.consolePost('/Students/add', { name: 'Someone Else', mobile }, admin);
      expect(taken, mobile).toMatchObject({
        status: 409,
        body: {
          status: false,
          message: 'mobile: +919876543210 is already the number of Arjun Sharma.',
          code: 'already_student',
          field: 'mobile',
        },
      });
    }
    expect(await t.consolePost('/Students/add', { name: 'Someone Else', mobile: '12345' }, admin)).toMatchObject({
      status: 400,
      body: { status: false, code: 'mobile_too_short', field: 'mobile', message: expect.stringMatching(/^mobile: /) },
    });
    expect(
      await t.consolePost('/Students/add', { name: 'Someone Else', mobile: '98290 33333', batch_ids: [999999] }, admin),
    ).toMatchObject({ status: 400, body: { status: false, code: 'invalid_field', field: 'batch_ids' } });
    expect(await t.consolePost('/Students/add', { name: ' ', mobile: '98290 33333' }, admin)).toMatchObject({
      status: 400,
      body: { status: false, code: 'invalid_field', field: 'name' },
    });
    expect(await countStudents()).toBe(before);
  });

  it('adds one student when two clerks add the same walk-in at once; the other is told whose the number is', async () => {
    const add = (mobile: string) => t.consolePost('/Students/add', { name: 'Twice Added', mobile }, admin);
    const answers = await Promise.all([add('98290 55555'), add('+91 98290 55555')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body).toMatchObject({ code: 'already_student', field: 'mobile' });
    const stored = await t.db.query("SELECT id FROM students WHERE phone_code = '91' AND mobile = '9829055555'");
    expect(stored).toHaveLength(1);
  });

  it('is for admins, as the import is', async () => {
    expect(await t.consolePost('/Students/add', { name: 'Asha Rao', mobile: '98290 44444' }, teacher)).toMatchObject({
      status: 403,
      body: { status: false, code: 'forbidden' },
    });
    expect(await t.consolePost('/Students/add', { name: 'Asha Rao', mobile: '98290 44444' })).toMatchObject({
      status: 401,
      body: { status: false, code: 'signed_out' },
    });
  });
});
