import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper.ts';

// A new subject with a batch of ten (one deactivated later) and a second batch of two: the lists name exactly the
// active students who have not done the thing, in the chosen batch or the whole subject.
let t: TestApp;
let teacher: string;
let topicId: number;
let quizId: number;
let batchA: number;
let batchB: number;
let otherBatch: number;
const ids: Record<string, number> = {};

const one = async <T>(sql: string, values: unknown[] = []) => (await t.db.query<T>(sql, values))[0]!;
const names = (list: { name: string }[]) => list.map((s) => s.name);
const ask = (path: string, body: unknown, token = teacher) => t.consolePost(`/Insights/${path}`, body, token);

beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.staffTokenFor('teacher');
  const subject = (await one<{ id: number }>(`INSERT INTO subjects (name) VALUES ('Follow-up') RETURNING id`)).id;
  const chapter = (
    await one<{ id: number }>(`INSERT INTO chapters (subject_id, name) VALUES ($1, 'Week 1') RETURNING id`, [subject])
  ).id;
  topicId = (
    await one<{ id: number }>(
      `INSERT INTO topics (chapter_id, name, video_link, duration_seconds) VALUES ($1, 'Vectors', 'https://example.com/v', 60) RETURNING id`,
      [chapter],
    )
  ).id;
  quizId = (
    await one<{ id: number }>(
      `INSERT INTO quizzes (chapter_id, name, pass_marks) VALUES ($1, 'Week 1 quiz', 2) RETURNING id`,
      [chapter],
    )
  ).id;
  [batchA, batchB] = (
    await t.db.query<{ id: number }>(
      `INSERT INTO batches (subject_id, name) VALUES ($1, 'Morning'), ($1, 'Evening') RETURNING id`,
      [subject],
    )
  ).map((b) => b.id) as [number, number];
  otherBatch = (await one<{ id: number }>('SELECT id FROM batches WHERE subject_id <> $1 LIMIT 1', [subject])).id;
  const people = [
    ...Array.from({ length: 10 }, (_, i) => [`Morning ${String(i + 1).padStart(2, '0')}`, batchA] as const),
    ['Evening 01', batchB] as const,
    ['Evening 02', batchB] as const,
  ];
  for (const [index, [name, batch]] of people.entries()) {
    const id = (
      await one<{ id: number }>(`INSERT INTO students (name, mobile, phone_code) VALUES ($1, $2, '91') RETURNING id`, [
        name,
        `90000${String(index).padStart(5, '0')}`,
      ])
    ).id;
    ids[name] = id;
    await t.db.query('INSERT INTO enrolments (student_id, subject_id) VALUES ($1, $2)', [id, subject]);
    await t.db.query('INSERT INTO batch_members (student_id, batch_id) VALUES ($1, $2)', [id, batch]);
  }
  await t.db.query('UPDATE students SET active = false WHERE id = $1', [ids['Morning 10']]);
  // Morning 01 watched to the end, Morning 02 half-way.
  await t.db.query(
    `INSERT INTO watch_progress (student_id, topic_id, position_seconds, duration_seconds) VALUES ($1, $3, 60, 60), ($2, $3, 30, 60)`,
    [ids['Morning 01'], ids['Morning 02'], topicId],
  );
  // Morning 01 failed then passed; Morning 03 failed twice, once with 1 of 2.
  const attempt = (student: number, marks: number, result: string, at: string) =>
    t.db.query(
      `INSERT INTO quiz_attempts (quiz_id, student_id, marks, max_marks, result, answers_hash, attended_on) VALUES ($1, $2, $3, 2, $4, md5(random()::text), $5)`,
      [quizId, student, marks, result, at],
    );
  await attempt(ids['Morning 01']!, 1, 'fail', '2026-11-20T10:00:00Z');
  await attempt(ids['Morning 01']!, 2, 'pass', '2026-11-21T10:00:00Z');
  await attempt(ids['Morning 03']!, 1, 'fail', '2026-11-22T10:00:00Z');
  await attempt(ids['Morning 03']!, 0, 'fail', '2026-11-23T10:00:00Z');
});
afterAll(() => t.close());

const morning = (...numbers: number[]) => numbers.map((n) => `Morning ${String(n).padStart(2, '0')}`);

describe('insights by name', () => {
  it("names the batch's active students who have not watched a topic, by name, with their last activity", async () => {
    const { status, body } = await ask('topic-students', { topic_id: topicId, batch_id: batchA, list: 'not_watched' });
    expect(status).toBe(200);
    expect(body.data.total).toBe(7);
    expect(names(body.data.students)).toEqual(morning(3, 4, 5, 6, 7, 8, 9));
    const third = body.data.students[0];
    expect(third).toMatchObject({ stud_id: ids['Morning 03'], last_activity: '2026-11-23T10:00:00Z' });
    expect(body.data.students[1].last_activity).toBeNull();
  });

  it('names those who stopped before the end with how far they got, and the whole subject without a batch', async () => {
    const stopped = await ask('topic-students', { topic_id: topicId, list: 'not_finished' });
    expect(stopped.body.data.students).toEqual([
      expect.objectContaining({ name: 'Morning 02', position_seconds: 30, duration_seconds: 60 }),
    ]);
    const everyone = await ask('topic-students', { topic_id: topicId, list: 'not_watched' });
    expect(names(everyone.body.data.students)).toEqual(['Evening 01', 'Evening 02', ...morning(3, 4, 5, 6, 7, 8, 9)]);
    const evening = await ask('topic-students', { topic_id: topicId, batch_id: batchB, list: 'not_watched' });
    expect(names(evening.body.data.students)).toEqual(['Evening 01', 'Evening 02']);
  });

  it('names who has not attempted a quiz and who failed it by their best attempt', async () => {
    const missing = await ask('quiz-students', { quiz_id: quizId, batch_id: batchA, list: 'not_attempted' });
    expect(missing.body.data.total).toBe(7);
    expect(names(missing.body.data.students)).toEqual(morning(2, 4, 5, 6, 7, 8, 9));
    const failed = await ask('quiz-students', { quiz_id: quizId, batch_id: batchA, list: 'failed' });
    expect(failed.body.data).toEqual({
      total: 1,
      students: [
        {
          stud_id: ids['Morning 03'],
          name: 'Morning 03',
          mobile: '9000000002',
          best_marks: 1,
          max_marks: 2,
          attempts: 2,
          latest_attempt: '2026-11-23T10:00:00Z',
          last_activity: '2026-11-23T10:00:00Z',
        },
      ],
    });
    const evening = await ask('quiz-students', { quiz_id: quizId, batch_id: batchB, list: 'failed' });
    expect(evening.body.data).toEqual({ total: 0, students: [] });
  });

  it("counts a quiz's results in students: two attempts by one student are one student, passed by the best", async () => {
    const { body } = await ask('quiz', { quiz_id: quizId });
    expect(body.data).toMatchObject({ attempts: 4, students: 2, passed: 1, pass_percent: 50, average_percent: 75 });
  });

  it('refuses a batch of another subject, what does not exist, and anyone but staff', async () => {
    const foreign = await ask('topic-students', { topic_id: topicId, batch_id: otherBatch, list: 'not_watched' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({
      status: false,
      message: 'batch_id: there is no such batch in this subject.',
      code: 'not_found',
      field: 'batch_id',
    });
    const noQuiz = await ask('quiz-students', { quiz_id: 999999, list: 'failed' });
    expect(noQuiz.body).toMatchObject({ status: false, code: 'not_found', field: 'quiz_id' });
    expect((await ask('topic-students', { topic_id: topicId, list: 'everyone' })).body).toMatchObject({
      status: false,
      code: 'invalid_field',
    });
    const student = await t.tokenFor(ids['Morning 01']!);
    expect((await ask('quiz-students', { quiz_id: quizId, list: 'failed' }, student)).body).toMatchObject({
      status: false,
      code: 'signed_out',
    });
    const admin = await t.staffTokenFor('admin');
    expect((await ask('quiz-students', { quiz_id: quizId, list: 'failed' }, admin)).status).toBe(200);
  });
});
