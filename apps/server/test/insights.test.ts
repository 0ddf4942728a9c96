import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let teacher: string;
let physics: { id: number; chapters: { id: number; name: string }[] };
let topics: { id: number; name: string }[];
let quizId: number;
let questions: number[];
let outsider: number;

const one = async <T>(sql: string, values: unknown[] = []) => (await t.db.query<T>(sql, values))[0]!;

beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.staffTokenFor('teacher');
  physics = t.demo.subjects.find((s) => s.name === 'Physics')!;
  const chapter = physics.chapters[0]!;
  topics = await t.db.query('SELECT id, name FROM topics WHERE chapter_id = $1 ORDER BY position, id', [chapter.id]);
  const me = t.demo.demoStudentId;
  await t.db.query('DELETE FROM watch_progress');
  // The demo student finished the first topic and is half-way through the second; someone not enrolled in Physics
  // watched the first too, and must not count.
  outsider = (
    await one<{ id: number }>(
      `INSERT INTO students (name, mobile, phone_code) VALUES ('Not Enrolled', '9000000999', '91') RETURNING id`,
    )
  ).id;
  await t.db.query(
    'INSERT INTO watch_progress (student_id, topic_id, position_seconds, duration_seconds) VALUES ($1, $2, 60, 60), ($1, $3, 30, 60), ($4, $2, 60, 60)',
    [me, topics[0]!.id, topics[1]!.id, outsider],
  );
  quizId = (
    await one<{ id: number }>(
      `INSERT INTO quizzes (chapter_id, name, pass_marks) VALUES ($1, 'Insight quiz', 2) RETURNING id`,
      [chapter.id],
    )
  ).id;
  questions = (
    await t.db.query<{ id: number }>(
      `INSERT INTO questions (quiz_id, question, options, correct_answer, marks, position) VALUES
         ($1, 'Easy one', '["a","b"]', 'a', 1, 1), ($1, 'Hard one', '["a","b"]', 'b', 1, 2) RETURNING id`,
      [quizId],
    )
  ).map((q) => q.id);
  // Two attempts: one right on both (pass), one wrong on the hard one (fail).
  for (const [answers, marks, result] of [
    [['a', 'b'], 2, 'pass'],
    [['a', 'a'], 1, 'fail'],
  ] as const) {
    const attempt = await one<{ id: number }>(
      `INSERT INTO quiz_attempts (quiz_id, student_id, marks, max_marks, result, answers_hash) VALUES ($1, $2, $3, 2, $4, md5(random()::text)) RETURNING id`,
      [quizId, me, marks, result],
    );
    await t.db.query(
      'INSERT INTO attempt_answers (attempt_id, question_id, answer) VALUES ($1, $2, $3), ($1, $4, $5)',
      [attempt.id, questions[0], answers[0], questions[1], answers[1]],
    );
  }
});
afterAll(() => t.close());

const ask = (path: string, body: unknown, token = teacher) => t.consolePost(`/Insights/${path}`, body, token);

describe('insights', () => {
  it('offers the subjects with their chapters and quizzes to choose from', async () => {
    const { body } = await ask('catalogue', {});
    const found = body.data.subjects.find((s: { id: number }) => s.id === physics.id);
    expect(found.chapters[0]).toMatchObject({
      id: physics.chapters[0]!.id,
      quizzes: expect.arrayContaining([{ id: quizId, name: 'Insight quiz' }]),
    });
  });

  it("counts per topic the subject's enrolled students who watched it and finished it, and no one else", async () => {
    const { status, body } = await ask('subject', { subject_id: physics.id });
    expect(status).toBe(200);
    const enrolled = (
      await one<{ n: number }>('SELECT count(*)::int AS n FROM enrolments WHERE subject_id = $1', [physics.id])
    ).n;
    expect(body.data.enrolled).toBe(enrolled);
    const byTopic = Object.fromEntries(
      body.data.topics.map((row: { topic_id: number; watched: number; finished: number }) => [
        row.topic_id,
        [row.watched, row.finished],
      ]),
    );
    expect(byTopic[topics[0]!.id]).toEqual([1, 1]);
    expect(byTopic[topics[1]!.id]).toEqual([1, 0]);
    expect(body.data.topics[0]).toMatchObject({ chapter: physics.chapters[0]!.name, topic: topics[0]!.name });
  });

  it("gives a quiz's results counted in students by their best attempt, and its most often wrong question first", async () => {
    const { body } = await ask('quiz', { quiz_id: quizId });
    // One student, two attempts (a pass and a fail): one student, who passed with 100%.
    expect(body.data).toEqual({
      attempts: 2,
      students: 1,
      passed: 1,
      average_percent: 100,
      pass_percent: 100,
      questions: [
        { question_id: questions[1], question: 'Hard one', answered: 2, wrong: 1 },
        { question_id: questions[0], question: 'Easy one', answered: 2, wrong: 0 },
      ],
    });
  });

  it("shows one student's watched topics and attempts, newest first", async () => {
    const { body } = await ask('student', { stud_id: t.demo.demoStudentId });
    expect(body.data.name).toBe('Arjun Sharma');
    expect(
      body.data.watched.map((w: { topic: string; position_seconds: number }) => [w.topic, w.position_seconds]).sort(),
    ).toEqual(
      [
        [topics[0]!.name, 60],
        [topics[1]!.name, 30],
      ].sort(),
    );
    expect(body.data.attempts.filter((a: { quiz: string }) => a.quiz === 'Insight quiz')).toHaveLength(2);
    // The newest (made in this test) come first, before the demo's older attempts.
    expect(body.data.attempts[0]).toMatchObject({ quiz: 'Insight quiz', max_marks: 2 });
  });

  it('answers 404 naming the field for what does not exist, and is for staff only', async () => {
    expect((await ask('subject', { subject_id: 999999 })).body.message).toContain('subject_id');
    expect((await ask('quiz', { quiz_id: 999999 })).status).toBe(404);
    expect((await ask('student', { stud_id: 999999 })).status).toBe(404);
    expect((await ask('subject', { subject_id: 'physics' })).status).toBe(400);
    expect((await ask('catalogue', {}, await t.tokenFor(t.demo.demoStudentId))).status).toBe(401);
  });
});
