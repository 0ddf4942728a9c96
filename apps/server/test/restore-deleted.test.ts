import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let admin: string;
let teacher: string;
let student: string;
let chapterId: number;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.staffTokenFor('admin');
  teacher = await t.staffTokenFor('teacher');
  student = await t.tokenFor(t.demo.demoStudentId);
  chapterId = t.demo.subjects.find((s) => s.name === 'Physics')!.chapters[0]!.id;
});
afterAll(() => t.close());

const stud = (path: string, body: object) => t.post(path, { stud_id: t.demo.demoStudentId, ...body }, student);
const audit = (action: string) =>
  t.db.query<{ staff_id: number | null; entity: string; entity_id: string; before: any; after: any }>(
    'SELECT staff_id, entity, entity_id, before, after FROM audit_log WHERE action = $1 ORDER BY id',
    [action],
  );

describe('restoring a deleted topic or quiz from the console', () => {
  it('lists a hidden topic under "Deleted items" and brings it back, watch history and all, for a teacher too', async () => {
    const topic = (
      await t.consolePost(
        '/Topic/save',
        { chapter_id: chapterId, name: 'Vectors again', video_link: 'https://vimeo.com/123' },
        teacher,
      )
    ).body.data;
    await stud('/Student/watched', { topic_id: topic.id, position_seconds: 30 });
    await t.consolePost('/Topic/delete', { id: topic.id, confirm: true }, teacher);

    const deleted = await t.consolePost('/Topic/deleted', {}, teacher);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.items).toEqual([
      {
        id: topic.id,
        name: 'Vectors again',
        subject_name: 'Physics',
        chapter_id: chapterId,
        chapter_name: expect.any(String),
        deleted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        kept: 1,
      },
    ]);

    const restored = await t.consolePost('/Topic/restore', { id: topic.id }, teacher);
    expect(restored.body).toEqual({ status: true, message: 'Vectors again is back in its chapter.', data: null });
    const topics = (await stud('/Student/topics', { chapter_id: chapterId })).body.data as { topic_name: string }[];
    expect(topics.map((x) => x.topic_name)).toContain('Vectors again');
    expect((await t.consolePost('/Topic/deleted', {}, admin)).body.data.items).toEqual([]);
    const [entry, ...more] = await audit('topic.restore');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      entity: 'topic',
      entity_id: String(topic.id),
      before: { name: 'Vectors again', hidden: true },
      after: { name: 'Vectors again', hidden: false },
    });
    expect(entry?.staff_id).not.toBeNull();

    expect(await t.consolePost('/Topic/restore', { id: topic.id }, admin)).toMatchObject({
      status: 404,
      body: {
        status: false,
        code: 'not_found',
        field: 'id',
        message: expect.stringMatching(/^id: there is no deleted topic/),
      },
    });
    expect((await audit('topic.restore')).length).toBe(1);
  });

  it('brings a hidden quiz back with its attempts; the student can see it again', async () => {
    const quiz = (
      await t.consolePost(
        '/Quiz/save',
        {
          chapter_id: chapterId,
          name: 'Old quiz',
          pass_marks: 1,
          allow_retake: true,
          questions: [{ question: 'The SI unit of force?', options: ['newton', 'joule'], answer: 1, marks: 1 }],
        },
        admin,
      )
    ).body.data;
    const [q1] = (await stud('/Student/get_quiz', { quiz_id: quiz.id })).body.data.questions as {
      question_id: number;
    }[];
    const submitted = await stud('/Student/submit_quiz', {
      quiz_id: quiz.id,
      submit_data: [{ question_id: q1!.question_id, answer: 'newton' }],
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    await t.consolePost('/Quiz/delete', { id: quiz.id, confirm: true }, admin);
    expect((await stud('/Student/get_quiz', { quiz_id: quiz.id })).status).toBe(404);

    const deleted = await t.consolePost('/Quiz/deleted', {}, teacher);
    expect(deleted.body.data.items).toMatchObject([{ id: quiz.id, name: 'Old quiz', chapter_id: chapterId, kept: 1 }]);

    const restored = await t.consolePost('/Quiz/restore', { id: quiz.id }, admin);
    expect(restored.body).toEqual({ status: true, message: 'Old quiz is back in its chapter.', data: null });
    expect((await stud('/Student/get_quiz', { quiz_id: quiz.id })).status).toBe(200);
    expect((await t.consolePost('/Quiz/get', { id: quiz.id }, admin)).body.data).toMatchObject({ attempts: 1 });
    expect(await audit('quiz.restore')).toMatchObject([
      { entity: 'quiz', entity_id: String(quiz.id), before: { hidden: true }, after: { hidden: false } },
    ]);

    expect(await t.consolePost('/Quiz/restore', { id: 999_999 }, admin)).toMatchObject({
      status: 404,
      body: { status: false, code: 'not_found', field: 'id' },
    });
  });

  it('is for staff only', async () => {
    for (const path of ['/Topic/deleted', '/Quiz/deleted', '/Topic/restore', '/Quiz/restore']) {
      const body = path.endsWith('restore') ? { id: 1 } : {};
      expect(await t.consolePost(path, body, student), path).toMatchObject({
        status: 401,
        body: { status: false, code: 'signed_out' },
      });
      expect(await t.consolePost(path, body), path).toMatchObject({ status: 401, body: { code: 'signed_out' } });
    }
  });
});
