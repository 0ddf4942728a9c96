import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSession, type TestApp } from './helper.ts';

let t: TestApp;
let token: string;
let me: number;
beforeAll(async () => ({ t, me, token } = await startDemoSession()));
afterAll(() => t.close());

const subjectId = (name: string) => t.demo.subjects.find((s) => s.name === name)!.id;
const batchesOf = async (subject: string) =>
  (await t.post('/Student/batches', { stud_id: me, sub_id: subjectId(subject) }, token)).body.data as {
    batch_id: number;
    batch_name: string;
  }[];

describe('POST /Student/batches', () => {
  it("lists a subject's batches at data", async () => {
    const { status, body } = await t.post('/Student/batches', { stud_id: me, sub_id: subjectId('Physics') }, token);
    expect(status).toBe(200);
    expect(body.data).toEqual([
      { batch_id: expect.any(Number), batch_name: 'Physics Batch A (Morning)' },
      { batch_id: expect.any(Number), batch_name: 'Physics Batch B (Evening)' },
    ]);
  });

  it('accepts ids sent as strings of digits, as other clients of this API do', async () => {
    const { status, body } = await t.post(
      '/Student/batches',
      { stud_id: String(me), sub_id: String(subjectId('Physics')) },
      token,
    );
    expect(status).toBe(200);
    expect(body.data).toHaveLength(2);
  });

  it('answers 404 for a subject the student is not enrolled in, without its batches', async () => {
    const { status, body } = await t.post('/Student/batches', { stud_id: me, sub_id: subjectId('Biology') }, token);
    expect(status).toBe(404);
    expect(JSON.stringify(body)).not.toContain('Biology Batch');
  });

  it('refuses a missing token (401), another student (403) and a missing sub_id (400)', async () => {
    expect((await t.post('/Student/batches', { stud_id: me, sub_id: subjectId('Physics') })).status).toBe(401);
    expect(
      (await t.post('/Student/batches', { stud_id: t.demo.otherStudentId, sub_id: subjectId('Biology') }, token))
        .status,
    ).toBe(403);
    const missing = await t.post('/Student/batches', { stud_id: me }, token);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/sub_id/);
  });
});

describe('POST /Student/live_classes', () => {
  it("lists a batch's classes by start time, with ISO start times and https links", async () => {
    const [morning] = await batchesOf('Physics');
    const { status, body } = await t.post(
      '/Student/live_classes',
      { stud_id: me, sub_id: subjectId('Physics'), batch_id: morning!.batch_id },
      token,
    );
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThanOrEqual(4);
    const [first] = body.data;
    expect(first).toEqual({
      id: expect.any(Number),
      batch_name: 'Physics Batch A (Morning)',
      class_name: expect.any(String),
      tutor_name: 'Dr. Anil Kumar',
      online_url: 'https://meet.example.com/physics-a',
      starts_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      duration_minutes: expect.any(Number),
      batch_id: morning!.batch_id,
      subject_id: subjectId('Physics'),
    });
    const starts = body.data.map((c: { starts_at: string }) => Date.parse(c.starts_at));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('has, in the demo, a finished class, one running now and upcoming ones', async () => {
    const [morning] = await batchesOf('Physics');
    const { body } = await t.post(
      '/Student/live_classes',
      { stud_id: me, sub_id: subjectId('Physics'), batch_id: morning!.batch_id },
      token,
    );
    const now = Date.now();
    const state = (c: { starts_at: string; duration_minutes: number }) => {
      const start = Date.parse(c.starts_at);
      if (now < start) return 'upcoming';
      return now < start + c.duration_minutes * 60_000 ? 'live' : 'finished';
    };
    const states = body.data.map(state);
    expect(states.filter((s: string) => s === 'live')).toHaveLength(1);
    expect(states).toContain('finished');
    expect(states).toContain('upcoming');
  });

  it('leaves out classes that started more than three days ago', async () => {
    const [, evening] = await batchesOf('Physics');
    await t.db.query(
      `INSERT INTO live_classes (batch_id, class_name, tutor_name, online_url, starts_at)
       VALUES ($1, 'Long ago', 'Tutor', 'https://meet.example.com/old', now() - interval '10 days')`,
      [evening!.batch_id],
    );
    const { body } = await t.post(
      '/Student/live_classes',
      { stud_id: me, sub_id: subjectId('Physics'), batch_id: evening!.batch_id },
      token,
    );
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.map((c: { class_name: string }) => c.class_name)).not.toContain('Long ago');
  });

  it('answers an empty list, not 404, for a batch of theirs with no classes yet', async () => {
    const [batch] = await t.db.query<{ id: number }>(
      `INSERT INTO batches (subject_id, name) VALUES ($1, 'New weekend batch') RETURNING id`,
      [subjectId('Physics')],
    );
    await t.db.query(`INSERT INTO batch_members (student_id, batch_id) VALUES ($1, $2)`, [me, batch!.id]);
    const { status, body } = await t.post(
      '/Student/live_classes',
      { stud_id: me, sub_id: subjectId('Physics'), batch_id: batch!.id },
      token,
    );
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
  });

  it("says which was not found: the subject (not the student's) or the batch (not the subject's)", async () => {
    const [chemistryBatch] = await batchesOf('Chemistry');
    const wrongBatch = await t.post(
      '/Student/live_classes',
      { stud_id: me, sub_id: subjectId('Physics'), batch_id: chemistryBatch!.batch_id },
      token,
    );
    expect(wrongBatch.body.message).toMatch(/batch/i);
    const wrongSubject = await t.post(
      '/Student/live_classes',
      { stud_id: me, sub_id: subjectId('Biology'), batch_id: chemistryBatch!.batch_id },
      token,
    );
    expect(wrongSubject.body.message).toMatch(/subject/i);
  });

  it('answers 404 for a batch of another subject, even one the student takes', async () => {
    const [chemistryBatch] = await batchesOf('Chemistry');
    const { status } = await t.post(
      '/Student/live_classes',
      { stud_id: me, sub_id: subjectId('Physics'), batch_id: chemistryBatch!.batch_id },
      token,
    );
    expect(status).toBe(404);
  });

  it('answers 404 for a batch of a subject the student is not enrolled in, without its classes', async () => {
    const [biologyBatch] = await t.db.query<{ id: number }>(
      `SELECT id FROM batches WHERE subject_id = $1 ORDER BY id LIMIT 1`,
      [subjectId('Biology')],
    );
    const { status, body } = await t.post(
      '/Student/live_classes',
      { stud_id: me, sub_id: subjectId('Biology'), batch_id: biologyBatch!.id },
      token,
    );
    expect(status).toBe(404);
    expect(JSON.stringify(body)).not.toContain('meet.example.com');
  });

  it('answers 404 for a batch that does not exist', async () => {
    const { status } = await t.post(
      '/Student/live_classes',
      { stud_id: me, sub_id: subjectId('Physics'), batch_id: 999_999 },
      token,
    );
    expect(status).toBe(404);
  });

  it('refuses bad input with 400, a missing token with 401 and another student with 403', async () => {
    const physics = subjectId('Physics');
    const bad = await t.post('/Student/live_classes', { stud_id: me, sub_id: physics, batch_id: 'abc' }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/batch_id/);
    expect((await t.post('/Student/live_classes', { stud_id: me, sub_id: physics }, token)).status).toBe(400);
    expect(
      (await t.post('/Student/live_classes', { stud_id: me, sub_id: physics, batch_id: 1, extra: 1 }, token)).status,
    ).toBe(400);
    expect((await t.post('/Student/live_classes', { stud_id: me, sub_id: physics, batch_id: 1 })).status).toBe(401);
    expect(
      (await t.post('/Student/live_classes', { stud_id: t.demo.otherStudentId, sub_id: physics, batch_id: 1 }, token))
        .status,
    ).toBe(403);
  });
});

describe('the other student', () => {
  it('sees the batches of their own subject only', async () => {
    const other = t.demo.otherStudentId;
    const otherToken = await t.tokenFor(other);
    const own = await t.post('/Student/batches', { stud_id: other, sub_id: subjectId('Biology') }, otherToken);
    expect(own.status).toBe(200);
    expect(own.body.data).toHaveLength(2);
    expect(
      (await t.post('/Student/batches', { stud_id: other, sub_id: subjectId('Physics') }, otherToken)).status,
    ).toBe(404);
  });
});
