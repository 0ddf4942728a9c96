import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper.ts';

// A new subject of two chapters: Week 1 with three topics and two quizzes (and a deleted topic and quiz, which nobody
// is asked to have done), Week 2 with one topic and one quiz. Batch Morning has Ann, Bala, Chitra and Dev (deactivated);
// batch Evening has Esha. The lists name the active students who have not done all of a chapter or of the subject.
let t: TestApp;
let teacher: string;
let subjectId: number;
let week1: number;
let week2: number;
let morning: number;
let evening: number;
let otherBatch: number;
const ids: Record<string, number> = {};
const topics: number[] = [];
const quizzes: number[] = [];

const one = async <T>(sql: string, values: unknown[] = []) => (await t.db.query<T>(sql, values))[0]!;
const ask = (path: string, body: unknown, token = teacher) => t.consolePost(`/Insights/${path}`, body, token);
type Row = {
  name: string;
  finished: number | null;
  started: number | null;
  attempted: number | null;
  passed: number | null;
};
const progress = (rows: Row[], key: 'finished' | 'attempted') => rows.map((row) => `${row.name} ${row[key]}`);

beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.staffTokenFor('teacher');
  subjectId = (await one<{ id: number }>(`INSERT INTO subjects (name) VALUES ('Behind') RETURNING id`)).id;
  [week1, week2] = (
    await t.db.query<{ id: number }>(
      `INSERT INTO chapters (subject_id, name, position) VALUES ($1, 'Week 1', 1), ($1, 'Week 2', 2) RETURNING id`,
      [subjectId],
    )
  ).map((row) => row.id) as [number, number];
  const topic = async (chapter: number, name: string, deleted = false) =>
    (
      await one<{ id: number }>(
        `INSERT INTO topics (chapter_id, name, video_link, duration_seconds, deleted_at)
         VALUES ($1, $2, 'https://example.com/v', 60, ${deleted ? 'now()' : 'NULL'}) RETURNING id`,
        [chapter, name],
      )
    ).id;
  const quiz = async (chapter: number, name: string, deleted = false) =>
    (
      await one<{ id: number }>(
        `INSERT INTO quizzes (chapter_id, name, pass_marks, deleted_at) VALUES ($1, $2, 2, ${deleted ? 'now()' : 'NULL'}) RETURNING id`,
        [chapter, name],
      )
    ).id;
  topics.push(await topic(week1, 'Vectors'), await topic(week1, 'Scalars'), await topic(week1, 'Units'));
  const deletedTopic = await topic(week1, 'Old video', true);
  const week2Topic = await topic(week2, 'Motion');
  quizzes.push(await quiz(week1, 'Quiz A'), await quiz(week1, 'Quiz B'));
  const deletedQuiz = await quiz(week1, 'Old quiz', true);
  const week2Quiz = await quiz(week2, 'Quiz C');
  [morning, evening] = (
    await t.db.query<{ id: number }>(
      `INSERT INTO batches (subject_id, name) VALUES ($1, 'Morning'), ($1, 'Evening') RETURNING id`,
      [subjectId],
    )
  ).map((row) => row.id) as [number, number];
  otherBatch = (await one<{ id: number }>('SELECT id FROM batches WHERE subject_id <> $1 LIMIT 1', [subjectId])).id;
  for (const [index, [name, batch]] of (
    [
      ['Ann', morning],
      ['Bala', morning],
      ['Chitra', morning],
      ['Dev', morning],
      ['Esha', evening],
    ] as const
  ).entries()) {
    ids[name] = (
      await one<{ id: number }>(`INSERT INTO students (name, mobile, phone_code) VALUES ($1, $2, '91') RETURNING id`, [
        name,
        `91000${String(index).padStart(5, '0')}`,
      ])
    ).id;
    await t.db.query('INSERT INTO enrolments (student_id, subject_id) VALUES ($1, $2)', [ids[name], subjectId]);
    await t.db.query('INSERT INTO batch_members (student_id, batch_id) VALUES ($1, $2)', [ids[name], batch]);
  }
  await t.db.query('UPDATE students SET active = false WHERE id = $1', [ids.Dev]);
  const watch = (student: string, topicId: number, position: number) =>
    t.db.query(
      `INSERT INTO watch_progress (student_id, topic_id, position_seconds, duration_seconds, updated_at)
       VALUES ($1, $2, $3, 60, '2026-11-20T10:00:00Z')`,
      [ids[student], topicId, position],
    );
  // Ann finished all three of Week 1 and nothing of Week 2; Bala finished two and stopped half-way in the third;
  // Chitra watched one half-way and finished the deleted one (which does not count); Dev (deactivated) nothing; Esha
  // finished Week 1's three and Week 2's one.
  for (const topicId of topics) await watch('Ann', topicId, 60);
  await watch('Bala', topics[0]!, 59);
  await watch('Bala', topics[1]!, 60);
  await watch('Bala', topics[2]!, 30);
  await watch('Chitra', topics[0]!, 30);
  await watch('Chitra', deletedTopic, 60);
  for (const topicId of [...topics, week2Topic]) await watch('Esha', topicId, 60);
  const attempt = (student: string, quizId: number, result: 'pass' | 'fail', at = '2026-11-21T10:00:00Z') =>
    t.db.query(
      `INSERT INTO quiz_attempts (quiz_id, student_id, marks, max_marks, result, answers_hash, attended_on)
       VALUES ($1, $2, $3, 2, $4, md5(random()::text), $5)`,
      [quizId, ids[student], result === 'pass' ? 2 : 0, result, at],
    );
  // Ann took both of Week 1's quizzes (failed B); Bala took A twice, failing then passing; Esha took all three and the
  // deleted one; Chitra none.
  await attempt('Ann', quizzes[0]!, 'pass');
  await attempt('Ann', quizzes[1]!, 'fail');
  await attempt('Bala', quizzes[0]!, 'fail', '2026-11-22T10:00:00Z');
  await attempt('Bala', quizzes[0]!, 'pass', '2026-11-23T10:00:00Z');
  for (const quizId of [...quizzes, week2Quiz, deletedQuiz]) await attempt('Esha', quizId, 'pass');
});
afterAll(() => t.close());

describe('who is behind on a chapter or a subject, by name', () => {
  it('names who has not watched every topic of a chapter to the end, with how many they finished', async () => {
    const { status, body } = await ask('chapter-students', { chapter_id: week1, list: 'not_watched_all' });
    expect(status).toBe(200);
    // Ann and Esha finished all three: not listed. Dev is deactivated: not listed. Bala's 59 of 60 is to the end.
    expect(body.data).toMatchObject({ total: 2, out_of: 3 });
    expect(body.data.students).toEqual([
      {
        stud_id: ids.Bala,
        name: 'Bala',
        mobile: '9100000001',
        finished: 2,
        started: 3,
        attempted: null,
        passed: null,
        last_activity: '2026-11-23T10:00:00Z',
      },
      expect.objectContaining({ name: 'Chitra', finished: 0, started: 1, last_activity: '2026-11-20T10:00:00Z' }),
    ]);
  });

  it("narrows to a batch's members, and over the whole subject counts every chapter's topics", async () => {
    const eveningList = await ask('chapter-students', {
      chapter_id: week1,
      batch_id: evening,
      list: 'not_watched_all',
    });
    expect(eveningList.body.data).toEqual({ total: 0, out_of: 3, students: [] });
    const morningList = await ask('chapter-students', {
      chapter_id: week1,
      batch_id: morning,
      list: 'not_watched_all',
    });
    expect(progress(morningList.body.data.students, 'finished')).toEqual(['Bala 2', 'Chitra 0']);
    // Week 2's topic makes four: Ann (3 of 4) is behind on the subject; Esha (4 of 4) is not.
    const subject = await ask('subject-students', { subject_id: subjectId, list: 'not_watched_all' });
    expect(subject.body.data.out_of).toBe(4);
    expect(progress(subject.body.data.students, 'finished')).toEqual(['Ann 3', 'Bala 2', 'Chitra 0']);
    const subjectEvening = await ask('subject-students', {
      subject_id: subjectId,
      batch_id: evening,
      list: 'not_watched_all',
    });
    expect(subjectEvening.body.data).toEqual({ total: 0, out_of: 4, students: [] });
  });

  it('names who has not attempted every quiz, with how many they attempted and passed', async () => {
    const chapter = await ask('chapter-students', { chapter_id: week1, list: 'not_attempted_all' });
    // Ann attempted both (one failed): not listed, as attempting is what this list asks. Bala attempted one, passed
    // it on the second try; Chitra none; Dev deactivated; Esha all.
    expect(chapter.body.data).toMatchObject({ total: 2, out_of: 2 });
    expect(chapter.body.data.students).toEqual([
      expect.objectContaining({ name: 'Bala', attempted: 1, passed: 1, finished: null, started: null }),
      expect.objectContaining({ name: 'Chitra', attempted: 0, passed: 0 }),
    ]);
    const morningList = await ask('chapter-students', {
      chapter_id: week1,
      batch_id: morning,
      list: 'not_attempted_all',
    });
    expect(progress(morningList.body.data.students, 'attempted')).toEqual(['Bala 1', 'Chitra 0']);
    const eveningList = await ask('chapter-students', {
      chapter_id: week1,
      batch_id: evening,
      list: 'not_attempted_all',
    });
    expect(eveningList.body.data.total).toBe(0);
    const subject = await ask('subject-students', { subject_id: subjectId, list: 'not_attempted_all' });
    expect(subject.body.data.out_of).toBe(3);
    expect(subject.body.data.students.map((row: Row) => `${row.name} ${row.attempted} ${row.passed}`)).toEqual([
      'Ann 2 1',
      'Bala 1 1',
      'Chitra 0 0',
    ]);
  });

  it('lists nobody for a chapter with nothing in it', async () => {
    const empty = (
      await one<{ id: number }>(`INSERT INTO chapters (subject_id, name) VALUES ($1, 'Later') RETURNING id`, [
        subjectId,
      ])
    ).id;
    expect((await ask('chapter-students', { chapter_id: empty, list: 'not_watched_all' })).body.data).toEqual({
      total: 0,
      out_of: 0,
      students: [],
    });
  });

  it('refuses a batch of another subject, what does not exist, a wrong list and anyone but staff', async () => {
    const foreign = await ask('chapter-students', { chapter_id: week1, batch_id: otherBatch, list: 'not_watched_all' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({
      status: false,
      message: 'batch_id: there is no such batch in this subject.',
      code: 'not_found',
      field: 'batch_id',
    });
    const foreignSubject = await ask('subject-students', {
      subject_id: subjectId,
      batch_id: otherBatch,
      list: 'not_attempted_all',
    });
    expect(foreignSubject.body).toMatchObject({ status: false, code: 'not_found', field: 'batch_id' });
    expect((await ask('chapter-students', { chapter_id: 999999, list: 'not_watched_all' })).body).toMatchObject({
      status: false,
      code: 'not_found',
      field: 'chapter_id',
    });
    expect((await ask('subject-students', { subject_id: 999999, list: 'not_watched_all' })).status).toBe(404);
    expect((await ask('subject-students', { subject_id: subjectId, list: 'not_watched' })).body).toMatchObject({
      status: false,
      code: 'invalid_field',
    });
    expect((await ask('chapter-students', { chapter_id: week2, list: 'not_watched_all', extra: 1 })).status).toBe(400);
    const student = await t.tokenFor(ids.Ann!);
    expect(
      (await ask('subject-students', { subject_id: subjectId, list: 'not_watched_all' }, student)).body,
    ).toMatchObject({
      status: false,
      code: 'signed_out',
    });
    const admin = await t.staffTokenFor('admin');
    expect((await ask('chapter-students', { chapter_id: week2, list: 'not_watched_all' }, admin)).status).toBe(200);
  });
});
