import { BULK_LIMIT } from '@portal/contract/console';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameKey } from '../src/domain/name-key.ts';
import { startTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let admin: string;
let teacher: string;
let subject: number;
let otherSubject: number;
let morning: number;
let evening: number;
let otherBatch: number;
/** The class of 2027: six students of a subject of their own, three in the morning batch and three in the evening. */
const ids: Record<string, number> = {};

const insertId = async (sql: string, params: unknown[]) => (await t.db.query<{ id: number }>(sql, params))[0]!.id;

beforeAll(async () => {
  t = await startTestApp({ seed: 'courses' });
  admin = await t.staffTokenFor('admin');
  teacher = await t.staffTokenFor('teacher');
  subject = await insertId("INSERT INTO subjects (name) VALUES ('Biology 2027') RETURNING id", []);
  otherSubject = await insertId("INSERT INTO subjects (name) VALUES ('Botany 2027') RETURNING id", []);
  morning = await insertId("INSERT INTO batches (subject_id, name) VALUES ($1, 'Bio Morning') RETURNING id", [subject]);
  evening = await insertId("INSERT INTO batches (subject_id, name) VALUES ($1, 'Bio Evening') RETURNING id", [subject]);
  otherBatch = await insertId("INSERT INTO batches (subject_id, name) VALUES ($1, 'Botany A') RETURNING id", [
    otherSubject,
  ]);
  const names = ['Asha Rao', 'Bhavna Iyer', 'राहुल वर्मा', 'Deepak Nair', 'Esha Gupta', 'Farhan Ali'];
  for (const [i, name] of names.entries()) {
    const id = await insertId(
      `INSERT INTO students (name, phone_code, mobile, name_key) VALUES ($1, '91', $2, $3::tsvector) RETURNING id`,
      [name, `70000000${String(i).padStart(2, '0')}`, nameKey(name)],
    );
    ids[name] = id;
    await t.db.query('INSERT INTO enrolments (student_id, subject_id) VALUES ($1, $2)', [id, subject]);
    await t.db.query('INSERT INTO batch_members (student_id, batch_id) VALUES ($1, $2)', [
      id,
      i < 3 ? morning : evening,
    ]);
  }
  // A membership left behind by an ended enrolment: Farhan is not in the Botany batch as students reach it.
  await t.db.query('INSERT INTO batch_members (student_id, batch_id) VALUES ($1, $2)', [ids['Farhan Ali'], otherBatch]);
});
afterAll(() => t.close());

type Row = { stud_id: number; name: string; subject_ids: number[]; batch_ids: number[] };
const listed = async (body: object, token = teacher) => {
  const answer = await t.consolePost('/Students/list', body, token);
  expect(answer.status).toBe(200);
  return answer.body.data as { students: Row[]; next: { name: string; id: number } | null };
};
const names = (page: { students: Row[] }) => page.students.map((s) => s.name);
const auditOf = (action: string) =>
  t.db.query<{ entity_id: string; staff_id: number | null; before: any; after: any }>(
    'SELECT entity_id, staff_id, before, after FROM audit_log WHERE action = $1 ORDER BY id',
    [action],
  );

describe('the roster filtered by subject and batch', () => {
  it('shows who is in a subject or a batch, with each one’s subjects and batches, alongside the search and the pages', async () => {
    expect(names(await listed({ subject_id: subject }))).toEqual([
      'Asha Rao',
      'Bhavna Iyer',
      'Deepak Nair',
      'Esha Gupta',
      'Farhan Ali',
      'राहुल वर्मा',
    ]);
    const morningPage = await listed({ batch_id: morning });
    expect(morningPage.students).toEqual([
      expect.objectContaining({ name: 'Asha Rao', subject_ids: [subject], batch_ids: [morning] }),
      expect.objectContaining({ name: 'Bhavna Iyer', subject_ids: [subject], batch_ids: [morning] }),
      expect.objectContaining({ name: 'राहुल वर्मा', subject_ids: [subject], batch_ids: [morning] }),
    ]);
    // A membership without the enrolment is not shown and not matched.
    const farhan = (await listed({ q: 'farhan' })).students[0];
    expect(farhan).toMatchObject({ subject_ids: [subject], batch_ids: [evening] });
    expect(names(await listed({ batch_id: otherBatch }))).toEqual([]);
    // The search in either script, within a batch; and pages of a filter.
    expect(names(await listed({ batch_id: morning, q: 'rahul' }))).toEqual(['राहुल वर्मा']);
    expect(names(await listed({ batch_id: evening, q: 'rahul' }))).toEqual([]);
    const first = await listed({ subject_id: subject, limit: 4 });
    expect(first.next).not.toBeNull();
    expect(names(await listed({ subject_id: subject, limit: 4, after: first.next }))).toEqual([
      'Farhan Ali',
      'राहुल वर्मा',
    ]);
    expect((await t.consolePost('/Students/count', { batch_id: evening }, teacher)).body.data).toEqual({
      matching: 3,
      over_limit: false,
    });
  });
});

describe('bulk actions on the roster', () => {
  it('enrols chosen students in another subject and its batch in one step, one audit entry per student changed', async () => {
    const chosen = [ids['Asha Rao']!, ids['Deepak Nair']!];
    await t.db.query('INSERT INTO enrolments (student_id, subject_id) VALUES ($1, $2)', [chosen[1], otherSubject]);
    const answer = await t.consolePost(
      '/Students/bulk_enrol',
      { student_ids: chosen, subject_id: otherSubject, batch_id: otherBatch },
      admin,
    );
    expect(answer).toMatchObject({
      status: 200,
      body: { message: '2 students enrolled.', data: { matched: 2, changed: 2 } },
    });
    expect(names(await listed({ batch_id: otherBatch }))).toEqual(['Asha Rao', 'Deepak Nair']);
    const entries = await auditOf('student.enrol');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      entity_id: String(ids['Asha Rao']),
      before: { name: 'Asha Rao', subject_ids: [subject], batch_ids: [morning] },
      after: { subject_ids: [subject, otherSubject], batch_ids: [morning, otherBatch], students_in_this_step: 2 },
    });
    expect(entries[0]?.staff_id).not.toBeNull();

    // Again: nothing changes, nothing more is recorded.
    const again = await t.consolePost(
      '/Students/bulk_enrol',
      { student_ids: chosen, subject_id: otherSubject, batch_id: otherBatch },
      admin,
    );
    expect(again.body).toMatchObject({ message: '0 students enrolled; 2 already were.', data: { changed: 0 } });
    expect(await auditOf('student.enrol')).toHaveLength(2);
  });

  it('moves all that match a filter into another batch of the subject, sent as the filter with the confirmed count', async () => {
    const filter = { batch_id: morning };
    const moved = await t.consolePost('/Students/bulk_move', { filter, expected: 3, batch_id: evening }, admin);
    expect(moved).toMatchObject({ status: 200, body: { data: { matched: 3, changed: 3 } } });
    expect(names(await listed({ batch_id: morning }))).toEqual([]);
    expect(names(await listed({ batch_id: evening }))).toHaveLength(6);
    // Asha's Botany batch is another subject's: the move leaves it.
    expect((await listed({ q: 'asha' })).students[0]?.batch_ids).toEqual([evening, otherBatch]);
    expect(await auditOf('student.move')).toHaveLength(3);
  });

  it('changes nothing when the filter matches another count than the one confirmed', async () => {
    const stale = await t.consolePost(
      '/Students/bulk_move',
      { filter: { batch_id: evening }, expected: 5, batch_id: morning },
      admin,
    );
    expect(stale).toMatchObject({
      status: 409,
      body: { code: 'conflict', message: '6 students match now, not 5 as confirmed; nothing was changed.' },
    });
    expect(names(await listed({ batch_id: morning }))).toEqual([]);
  });

  it('deactivates all that match, signing each out everywhere, and reactivates them', async () => {
    const token = await t.tokenFor(ids['Esha Gupta']!);
    expect((await t.post('/Student/get_profile', { stud_id: ids['Esha Gupta'] }, token)).status).toBe(200);
    const filter = { subject_id: subject, q: 'esha' };
    expect((await t.consolePost('/Students/count', filter, admin)).body.data.matching).toBe(1);
    const off = await t.consolePost('/Students/bulk_set_active', { filter, expected: 1, active: false }, admin);
    expect(off.body).toMatchObject({
      message: '1 student deactivated and signed out everywhere.',
      data: { changed: 1 },
    });
    expect((await t.post('/Student/get_profile', { stud_id: ids['Esha Gupta'] }, token)).status).toBe(401);
    expect(names(await listed({ subject_id: subject, status: 'inactive' }))).toEqual(['Esha Gupta']);

    const on = await t.consolePost(
      '/Students/bulk_set_active',
      { student_ids: [ids['Esha Gupta'], ids['Farhan Ali']], active: true },
      admin,
    );
    expect(on.body).toMatchObject({
      message: '1 student reactivated; 1 already were.',
      data: { matched: 2, changed: 1 },
    });
    expect(await auditOf('student.deactivate')).toEqual([
      expect.objectContaining({
        entity_id: String(ids['Esha Gupta']),
        before: { name: 'Esha Gupta', active: true },
        after: { name: 'Esha Gupta', active: false, students_in_this_step: 1 },
      }),
    ]);
    expect(await auditOf('student.reactivate')).toHaveLength(1);
  });

  it(`refuses more than ${BULK_LIMIT} students at once, by filter or by id, and changes nothing`, async () => {
    const many = await insertId("INSERT INTO subjects (name) VALUES ('Crowded') RETURNING id", []);
    await t.db.query(
      `WITH added AS (
         INSERT INTO students (name, phone_code, mobile)
         SELECT 'Crowd ' || n, '91', (6000000000 + n)::text FROM generate_series(1, $1::int) n RETURNING id)
       INSERT INTO enrolments (student_id, subject_id) SELECT id, $2 FROM added`,
      [BULK_LIMIT + 1, many],
    );
    expect((await t.consolePost('/Students/count', { subject_id: many }, admin)).body.data).toEqual({
      matching: BULK_LIMIT + 1,
      over_limit: true,
    });
    const refused = await t.consolePost(
      '/Students/bulk_set_active',
      { filter: { subject_id: many }, active: false },
      admin,
    );
    expect(refused).toMatchObject({
      status: 400,
      body: {
        field: 'filter',
        message: `filter: more than ${BULK_LIMIT} students match; at most ${BULK_LIMIT} change at once.`,
      },
    });
    const [{ active }] = (await t.db.query<{ active: number }>(
      'SELECT count(*)::int AS active FROM students s JOIN enrolments e ON e.student_id = s.id WHERE e.subject_id = $1 AND s.active',
      [many],
    )) as [{ active: number }];
    expect(active).toBe(BULK_LIMIT + 1);
    const tooManyIds = Array.from({ length: BULK_LIMIT + 1 }, (_, i) => i + 1);
    expect(
      (await t.consolePost('/Students/bulk_set_active', { student_ids: tooManyIds, active: false }, admin)).status,
    ).toBe(400);
    // A narrower filter (1,111 of them) goes through.
    const atCap = await t.consolePost(
      '/Students/bulk_set_active',
      { filter: { subject_id: many, q: 'crowd 1' }, expected: 1111, active: false },
      admin,
    );
    expect(atCap.status).toBe(200);
  });

  it('refuses a body that names the students twice or not at all, an unknown student, batch or subject, and a batch of another subject', async () => {
    const asha = ids['Asha Rao'];
    const cases: [object, number, string][] = [
      [{ student_ids: [asha], filter: {}, active: false }, 400, 'invalid_field'],
      [{ active: false }, 400, 'invalid_field'],
      [{ student_ids: [asha, 99999999], active: false }, 404, 'not_found'],
    ];
    for (const [body, status, code] of cases)
      expect(await t.consolePost('/Students/bulk_set_active', body, admin), JSON.stringify(body)).toMatchObject({
        status,
        body: { code },
      });
    expect(
      await t.consolePost(
        '/Students/bulk_enrol',
        { student_ids: [asha], subject_id: subject, batch_id: otherBatch },
        admin,
      ),
    ).toMatchObject({ status: 400, body: { field: 'batch_id' } });
    expect(
      await t.consolePost('/Students/bulk_enrol', { student_ids: [asha], subject_id: 99999999 }, admin),
    ).toMatchObject({ status: 404, body: { field: 'subject_id' } });
    expect(
      await t.consolePost('/Students/bulk_move', { student_ids: [asha], batch_id: 99999999 }, admin),
    ).toMatchObject({ status: 404, body: { field: 'batch_id' } });
    expect((await t.db.query('SELECT 1 FROM students WHERE id = $1 AND NOT active', [asha])).length).toBe(0);
  });

  it('is refused to a teacher, who still sees the filtered roster and its count', async () => {
    const asha = ids['Asha Rao'];
    for (const [path, body] of [
      ['/Students/bulk_enrol', { student_ids: [asha], subject_id: subject }],
      ['/Students/bulk_move', { student_ids: [asha], batch_id: morning }],
      ['/Students/bulk_set_active', { student_ids: [asha], active: false }],
    ] as const)
      expect((await t.consolePost(path, body, teacher)).status, path).toBe(403);
    expect((await t.consolePost('/Students/count', { subject_id: subject }, teacher)).status).toBe(200);
  });
});
