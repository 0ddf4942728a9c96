import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper.ts';

const outbox: { to: string; text: string }[] = [];
let failSends = false;

let t: TestApp;
let admin: string;
let teacher: string;
let studentToken: string;
beforeAll(async () => {
  t = await startTestApp({
    sms: {
      async send(to, text) {
        if (failSends) throw new Error('gateway down');
        outbox.push({ to, text });
      },
    },
  });
  admin = await t.staffTokenFor('admin');
  teacher = await t.staffTokenFor('teacher');
  studentToken = await t.tokenFor(t.demo.demoStudentId);
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.query('DELETE FROM otp_challenges');
  outbox.length = 0;
  failSends = false;
});

let numbers = 0;
/** A proved request, as the register form and the code step leave it; answers its id and number. */
async function pendingRequest(name = 'Kavya Menon') {
  const mobile = `99887${String(76000 + ++numbers).padStart(5, '0')}`;
  const [level] = await t.db.query<{ id: number }>(`SELECT id FROM academic_levels WHERE name = 'Class 11'`);
  const sent = await t.post('/Auth/signup', {
    name,
    guardian: 'Suresh Menon',
    state: 'Kerala',
    district: 'Kochi',
    email: '',
    mobile,
    phone_code: '91',
    academic_level: level!.id,
  });
  const code = outbox.at(-1)!.text.match(/\b(\d{4})\b/)![1];
  const verified = await t.post('/Auth/verifyOTP', { otp_ref: sent.body.data.otp_ref, otp: code });
  expect(verified.body.status).toBe(true);
  outbox.length = 0;
  return { id: verified.body.data.request_id as number, mobile, e164: `+91${mobile}` };
}

const audit = (entityId: number) =>
  t.db.query<{ actor: string; action: string; before: any; after: any }>(
    `SELECT actor, action, before, after FROM audit_log WHERE entity = 'registration' AND entity_id = $1 ORDER BY id`,
    [String(entityId)],
  );

const calls: [string, unknown][] = [
  ['/Registrations/list', {}],
  ['/Registrations/approve', { request_id: 1, subject_ids: [1] }],
  ['/Registrations/reject', { request_id: 1, reason: 'x' }],
  ['/AcademicLevels/list', {}],
  ['/AcademicLevels/add', { name: 'Role check' }],
  ['/AcademicLevels/update', { level_id: 1, name: 'Class 8' }],
];

describe('who may answer registration requests and keep academic levels', () => {
  for (const [path, body] of calls) {
    it(`${path}: admins only; a teacher 403, a student token or none 401`, async () => {
      expect((await t.consolePost(path, body, teacher)).status).toBe(403);
      expect((await t.consolePost(path, body, studentToken)).status).toBe(401);
      expect((await t.consolePost(path, body)).status).toBe(401);
    });
  }
});

describe('registration requests in the console', () => {
  it('lists waiting requests with their details and the count', async () => {
    const request = await pendingRequest('Listed Student');
    const { status, body } = await t.consolePost('/Registrations/list', {}, admin);
    expect(status).toBe(200);
    expect(body.data.pending).toBe(body.data.requests.length);
    expect(body.data.subjects.map((s: { name: string }) => s.name)).toEqual(t.demo.subjects.map((s) => s.name));
    expect(body.data.requests).toContainEqual({
      request_id: request.id,
      name: 'Listed Student',
      guardian: 'Suresh Menon',
      state: 'Kerala',
      district: 'Kochi',
      email: '',
      mobile: request.e164,
      academic_level: 'Class 11',
      requested_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
  });

  it('approves: the student exists with the canonical number, enrolled, is texted, can sign in; recorded', async () => {
    const request = await pendingRequest('Approved Student');
    const subject = t.demo.subjects[0]!;
    const { status, body } = await t.consolePost(
      '/Registrations/approve',
      { request_id: request.id, subject_ids: [subject.id, subject.id] },
      admin,
    );
    expect(status).toBe(200);
    expect(body.data.sms_sent).toBe(true);
    expect(body.message).toBe('Approved Student is now a student. They got an SMS: they can sign in now.');
    expect(outbox).toEqual([{ to: request.e164, text: expect.stringMatching(/accepted your registration\. Sign in/) }]);

    const [student] = await t.db.query<{ id: number; phone_code: string; mobile: string; academic_level: string }>(
      'SELECT id, phone_code, mobile, academic_level FROM students WHERE id = $1',
      [body.data.student_id],
    );
    expect(student).toEqual({
      id: body.data.student_id,
      phone_code: '91',
      mobile: request.mobile,
      academic_level: 'Class 11',
    });
    const token = await t.tokenFor(student!.id);
    const subjects = await t.post('/Student/subjects', { stud_id: student!.id }, token);
    expect(subjects.body.data.data.map((s: { subject_name: string }) => s.subject_name)).toEqual([subject.name]);

    const [entry, ...rest] = await audit(request.id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ actor: expect.stringMatching(/\(admin\)$/), action: 'registration.approve' });
    expect(entry!.before).toMatchObject({ status: 'pending', name: 'Approved Student' });
    expect(entry!.after).toEqual({
      status: 'approved',
      student_id: student!.id,
      subjects: [subject.name],
      batches: [],
    });
    const list = await t.consolePost('/Registrations/list', {}, admin);
    expect(list.body.data.requests.map((r: { request_id: number }) => r.request_id)).not.toContain(request.id);
  });

  it('approves into chosen batches: the student is placed in each, enrolled in its subject, and the audit entry names them', async () => {
    const request = await pendingRequest('Batch Student');
    const list = (await t.consolePost('/Registrations/list', {}, admin)).body.data;
    const batch = list.batches[0];
    expect(batch).toEqual({ batch_id: expect.any(Number), name: expect.any(String), subject_id: expect.any(Number) });
    const other = list.subjects.find((s: { subject_id: number }) => s.subject_id !== batch.subject_id);
    const { status, body } = await t.consolePost(
      '/Registrations/approve',
      { request_id: request.id, subject_ids: [other.subject_id], batch_ids: [batch.batch_id] },
      admin,
    );
    expect(status).toBe(200);
    const placed = await t.db.query<{ batch_id: number }>('SELECT batch_id FROM batch_members WHERE student_id = $1', [
      body.data.student_id,
    ]);
    expect(placed).toEqual([{ batch_id: batch.batch_id }]);
    const enrolled = await t.db.query<{ subject_id: number }>(
      'SELECT subject_id FROM enrolments WHERE student_id = $1 ORDER BY subject_id',
      [body.data.student_id],
    );
    expect(enrolled.map((e) => e.subject_id)).toEqual([other.subject_id, batch.subject_id].sort((a, b) => a - b));
    const [entry] = await audit(request.id);
    expect(entry!.after).toMatchObject({ status: 'approved', batches: [batch.name] });
    expect(entry!.after.subjects).toHaveLength(2);
  });

  it('refuses a batch that does not exist, naming the field, and stores no student', async () => {
    const request = await pendingRequest('No Such Batch');
    const answer = await t.consolePost(
      '/Registrations/approve',
      { request_id: request.id, subject_ids: [t.demo.subjects[0]!.id], batch_ids: [999_999] },
      admin,
    );
    expect(answer).toMatchObject({
      status: 400,
      body: { status: false, code: 'invalid_field', field: 'batch_ids', message: 'batch_ids: a batch does not exist.' },
    });
    expect((await t.db.query('SELECT id FROM students WHERE mobile = $1', [request.mobile])).length).toBe(0);
    expect(await audit(request.id)).toEqual([]);
    const teacherTry = await t.consolePost(
      '/Registrations/approve',
      { request_id: request.id, subject_ids: [t.demo.subjects[0]!.id], batch_ids: [] },
      teacher,
    );
    expect(teacherTry).toMatchObject({ status: 403, body: { status: false, code: 'forbidden' } });
  });

  it('approves a student registered in Hindi, whom the roster then finds by Latin letters', async () => {
    const request = await pendingRequest('सुनीता वर्मा');
    expect(
      (
        await t.consolePost(
          '/Registrations/approve',
          { request_id: request.id, subject_ids: [t.demo.subjects[0]!.id] },
          admin,
        )
      ).status,
    ).toBe(200);
    const found = await t.consolePost('/Students/list', { q: 'sunita verma' }, teacher);
    expect(found.body.data.students.map((s: { name: string }) => s.name)).toEqual(['सुनीता वर्मा']);
  });

  it('refuses to approve twice, or after a rejection, and records nothing more', async () => {
    const request = await pendingRequest();
    const subjectIds = [t.demo.subjects[0]!.id];
    expect(
      (await t.consolePost('/Registrations/approve', { request_id: request.id, subject_ids: subjectIds }, admin))
        .status,
    ).toBe(200);
    const again = await t.consolePost(
      '/Registrations/approve',
      { request_id: request.id, subject_ids: subjectIds },
      admin,
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('request_id: this request was already approved.');
    const reject = await t.consolePost('/Registrations/reject', { request_id: request.id, reason: 'late' }, admin);
    expect(reject.status).toBe(409);
    expect(await audit(request.id)).toHaveLength(1);
    expect((await t.db.query('SELECT id FROM students WHERE mobile = $1', [request.mobile])).length).toBe(1);
  });

  it('lets only one of two parallel approvals through', async () => {
    const request = await pendingRequest();
    const body = { request_id: request.id, subject_ids: [t.demo.subjects[0]!.id] };
    const answers = await Promise.all([
      t.consolePost('/Registrations/approve', body, admin),
      t.consolePost('/Registrations/approve', body, admin),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await t.db.query('SELECT id FROM students WHERE mobile = $1', [request.mobile])).length).toBe(1);
  });

  it('refuses a number that became a student meanwhile, naming that student', async () => {
    const request = await pendingRequest();
    await t.db.query(`INSERT INTO students (name, phone_code, mobile) VALUES ('Added Meanwhile', '91', $1)`, [
      request.mobile,
    ]);
    const { status, body } = await t.consolePost(
      '/Registrations/approve',
      { request_id: request.id, subject_ids: [t.demo.subjects[0]!.id] },
      admin,
    );
    expect(status).toBe(409);
    expect(body.message).toBe(
      `request_id: ${request.e164} already belongs to the student Added Meanwhile; reject this request instead.`,
    );
    expect(outbox).toEqual([]);
    expect(await audit(request.id)).toEqual([]);
  });

  it('rejects with a reason, which the student gets by SMS; recorded', async () => {
    const request = await pendingRequest('Rejected Student');
    const { status, body } = await t.consolePost(
      '/Registrations/reject',
      { request_id: request.id, reason: ' The batch is full. ' },
      admin,
    );
    expect(status).toBe(200);
    expect(body.data.sms_sent).toBe(true);
    expect(outbox).toEqual([
      { to: request.e164, text: 'The institute could not accept your registration: The batch is full.' },
    ]);
    const [entry] = await audit(request.id);
    expect(entry).toMatchObject({
      action: 'registration.reject',
      after: { status: 'rejected', reason: 'The batch is full.' },
    });
    expect((await t.db.query('SELECT id FROM students WHERE mobile = $1', [request.mobile])).length).toBe(0);
  });

  it('keeps the decision when the SMS cannot be sent, and says so', async () => {
    const request = await pendingRequest();
    failSends = true;
    const { status, body } = await t.consolePost(
      '/Registrations/approve',
      { request_id: request.id, subject_ids: [t.demo.subjects[0]!.id] },
      admin,
    );
    expect(status).toBe(200);
    expect(body.data.sms_sent).toBe(false);
    expect(body.message).toMatch(/The SMS could not be sent/);
  });

  it('refuses bad input with a 4xx naming the field', async () => {
    const request = await pendingRequest();
    const cases: [string, unknown, number, RegExp][] = [
      [
        '/Registrations/approve',
        { request_id: request.id, subject_ids: [] },
        400,
        /^subject_ids: choose at least one subject/,
      ],
      [
        '/Registrations/approve',
        { request_id: request.id, subject_ids: [999_999] },
        400,
        /^subject_ids: no subject 999999$/,
      ],
      ['/Registrations/approve', { request_id: 'x', subject_ids: [1] }, 400, /^request_id: /],
      ['/Registrations/approve', { request_id: 999_999, subject_ids: [1] }, 404, /^This request was not found\.$/],
      ['/Registrations/reject', { request_id: request.id, reason: '  ' }, 400, /^reason: is required/],
      [
        '/Registrations/reject',
        { request_id: request.id, reason: 'x'.repeat(301) },
        400,
        /^reason: must be at most 300/,
      ],
      ['/Registrations/reject', { request_id: request.id }, 400, /^reason: is required/],
    ];
    for (const [path, body, expected, message] of cases) {
      const answer = await t.consolePost(path, body, admin);
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(expected);
      expect(answer.body.message).toMatch(message);
    }
    expect(await audit(request.id)).toEqual([]);
  });
});

describe('academic levels in the console', () => {
  it('adds, renames, retires and restores a level; the register form follows; each change recorded', async () => {
    const added = await t.consolePost('/AcademicLevels/add', { name: ' Repeater ' }, admin);
    expect(added.status).toBe(200);
    const id = added.body.data.level_id as number;
    expect(added.body.data).toMatchObject({ name: 'Repeater', active: true });
    const formLevels = async () =>
      (await t.get('/Auth/academic_levels')).body.data.map((l: { name: string }) => l.name);
    expect((await formLevels()).at(-1)).toBe('Repeater');

    expect(
      (await t.consolePost('/AcademicLevels/update', { level_id: id, name: 'Dropper' }, admin)).body.data.name,
    ).toBe('Dropper');
    expect((await t.consolePost('/AcademicLevels/update', { level_id: id, active: false }, admin)).status).toBe(200);
    expect(await formLevels()).not.toContain('Dropper');
    const all = await t.consolePost('/AcademicLevels/list', {}, admin);
    expect(all.body.data.levels).toContainEqual({
      level_id: id,
      name: 'Dropper',
      position: expect.any(Number),
      active: false,
    });

    const actions = await t.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity = 'academic_level' AND entity_id = $1 ORDER BY id`,
      [String(id)],
    );
    expect(actions.map((a) => a.action)).toEqual([
      'academic_level.add',
      'academic_level.update',
      'academic_level.retire',
    ]);
  });

  it('refuses a duplicate name, an unknown level and bad input, naming the field', async () => {
    const dup = await t.consolePost('/AcademicLevels/add', { name: 'class 10' }, admin);
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('name: there is already a level called class 10.');
    expect((await t.consolePost('/AcademicLevels/update', { level_id: 999_999, name: 'X' }, admin)).status).toBe(404);
    const empty = await t.consolePost('/AcademicLevels/add', { name: '' }, admin);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/^name: is required/);
    const position = await t.consolePost('/AcademicLevels/update', { level_id: 1, position: -1 }, admin);
    expect(position.status).toBe(400);
    expect(position.body.message).toMatch(/^position: /);
  });
});
