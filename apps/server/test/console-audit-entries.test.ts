import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper.ts';

// What a clerk reads in the audit log after each change of the course, quizzes, schedule and news consoles: who,
// what, which thing, and the thing as it was and as it is. Ids and clock times differ from run to run, so they are
// shown as '#' and 'time'; the entry's own entity_id is checked against the thing changed.

let t: TestApp;
let teacher: string;
let admin: string;
let student: string;
beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.staffTokenFor('teacher');
  admin = await t.staffTokenFor('admin');
  student = await t.tokenFor(t.demo.demoStudentId);
});
afterAll(() => t.close());

const call = async (path: string, body: unknown) => {
  const answer = await t.consolePost(path, body, teacher);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};

const ids = new Set(['id', 'subject_id', 'chapter_id', 'batch_id', 'ids']);
const times = new Set(['published_at', 'updated_at']);
const shown = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(shown);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      ids.has(key)
        ? Array.isArray(inner)
          ? inner.map(() => '#')
          : '#'
        : times.has(key) && inner
          ? 'time'
          : shown(inner),
    ]),
  );
};

const newestId = async () =>
  (await t.consolePost('/AuditLog/list', { limit: 1 }, admin)).body.data.entries[0].id as number;

/** The newest entry, as the log shows it, after checking it names `entityId`. */
const newest = async (entityId: number) => {
  const [entry] = (await t.consolePost('/AuditLog/list', { limit: 1 }, admin)).body.data.entries;
  expect(entry.entity_id).toBe(String(entityId));
  const { actor, action, entity, label, before, after } = entry;
  return shown({ actor, action, entity, label, before, after });
};

describe('the audit entries of course authoring', () => {
  it('records adding, renaming, moving and deleting subjects, chapters, topics and study materials', async () => {
    const subject = await call('/Subject/save', { name: 'Astronomy', thumbnail: '' });
    expect(await newest(subject.id)).toMatchInlineSnapshot(`
      {
        "action": "subject.add",
        "actor": "Tarun Teacher (teacher)",
        "after": {
          "name": "Astronomy",
          "thumbnail": "",
        },
        "before": null,
        "entity": "subject",
        "label": "Astronomy",
      }
    `);
    await call('/Subject/save', { id: subject.id, name: 'Astronomy and space', thumbnail: '' });
    expect(await newest(subject.id)).toMatchInlineSnapshot(`
      {
        "action": "subject.update",
        "actor": "Tarun Teacher (teacher)",
        "after": {
          "name": "Astronomy and space",
          "thumbnail": "",
        },
        "before": {
          "name": "Astronomy",
          "thumbnail": "",
        },
        "entity": "subject",
        "label": "Astronomy and space",
      }
    `);

    const chapter = await call('/Chapter/save', { subject_id: subject.id, name: 'Stars' });
    expect(await newest(chapter.id)).toMatchInlineSnapshot(`
      {
        "action": "chapter.add",
        "actor": "Tarun Teacher (teacher)",
        "after": {
          "name": "Stars",
          "subject_id": "#",
        },
        "before": null,
        "entity": "chapter",
        "label": "Stars",
      }
    `);
    await call('/Chapter/save', { id: chapter.id, name: 'Stars and galaxies' });
    expect(await newest(chapter.id)).toMatchInlineSnapshot(`
      {
        "action": "chapter.update",
        "actor": "Tarun Teacher (teacher)",
        "after": {
          "name": "Stars and galaxies",
        },
        "before": {
          "name": "Stars",
        },
        "entity": "chapter",
        "label": "Stars and galaxies",
      }
    `);

    const topic = await call('/Topic/save', {
      chapter_id: chapter.id,
      name: 'Red giants',
      video_link: 'https://www.youtube.com/watch?v=abc123',
      duration_seconds: 300,
    });
    expect(await newest(topic.id)).toMatchInlineSnapshot(`
      {
        "action": "topic.add",
        "actor": "Tarun Teacher (teacher)",
        "after": {
          "chapter_id": "#",
          "duration_seconds": 300,
          "name": "Red giants",
          "video_link": "https://www.youtube.com/watch?v=abc123",
        },
        "before": null,
        "entity": "topic",
        "label": "Red giants",
      }
    `);
    await call('/Topic/save', { id: topic.id, name: 'Red giants, again', video_link: topic.video_link });
    expect(await newest(topic.id)).toMatchInlineSnapshot(`
      {
        "action": "topic.update",
        "actor": "Tarun Teacher (teacher)",
        "after": {
          "duration_seconds": 300,
          "name": "Red giants, again",
          "video_link": "https://www.youtube.com/watch?v=abc123",
        },
        "before": {
          "duration_seconds": 300,
          "name": "Red giants",
          "video_link": "https://www.youtube.com/watch?v=abc123",
        },
        "entity": "topic",
        "label": "Red giants, again",
      }
    `);
    await call('/Topic/save', { id: topic.id, name: 'Red giants', video_link: 'https://vimeo.com/123' });
    expect(await newest(topic.id)).toMatchInlineSnapshot(`
      {
        "action": "topic.update",
        "actor": "Tarun Teacher (teacher)",
        "after": {
          "duration_seconds": null,
          "name": "Red giants",
          "video_link": "https://vimeo.com/123",
        },
        "before": {
          "duration_seconds": 300,
          "name": "Red giants, again",
          "video_link": "https://www.youtube.com/watch?v=abc123",
        },
        "entity": "topic",
        "label": "Red giants",
      }
    `);

    const second = await call('/Topic/save', {
      chapter_id: chapter.id,
      name: 'White dwarfs',
      video_link: 'https://www.youtube.com/watch?v=def456',
    });
    await call('/Course/move', { kind: 'topic', id: second.id, direction: 'up' });
    expect(await newest(second.id)).toMatchInlineSnapshot(`
      {
        "action": "topic.move",
        "actor": "Tarun Teacher (teacher)",
        "after": {
          "direction": "up",
        },
        "before": null,
        "entity": "topic",
        "label": "White dwarfs",
      }
    `);
    const last = await newestId();
    await call('/Course/move', { kind: 'topic', id: second.id, direction: 'up' });
    expect(await newestId(), 'already first: nothing moved, nothing recorded').toBe(last);

    const material = await call('/Material/save', {
      chapter_id: chapter.id,
      title: 'Star charts',
      file_name: 'sets-worksheet.pdf',
    });
    expect(await newest(material.id)).toMatchInlineSnapshot(`
      {
        "action": "material.add",
        "actor": "Tarun Teacher (teacher)",
        "after": {
          "chapter_id": "#",
          "file_name": "sets-worksheet.pdf",
          "id": "#",
          "original_name": null,
          "password_protected": false,
          "title": "Star charts",
        },
        "before": null,
        "entity": "material",
        "label": "Star charts",
      }
    `);
    await call('/Material/save', { id: material.id, title: 'Star charts (2)', file_name: 'sets-worksheet.pdf' });
    expect(await newest(material.id)).toMatchInlineSnapshot(`
      {
        "action": "material.update",
        "actor": "Tarun Teacher (teacher)",
        "after": {
          "chapter_id": "#",
          "file_name": "sets-worksheet.pdf",
          "id": "#",
          "original_name": null,
          "password_protected": false,
          "title": "Star charts (2)",
        },
        "before": {
          "chapter_id": "#",
          "file_name": "sets-worksheet.pdf",
          "id": "#",
          "original_name": null,
          "password_protected": false,
          "title": "Star charts",
        },
        "entity": "material",
        "label": "Star charts (2)",
      }
    `);
    await call('/Material/save', {
      id: material.id,
      title: 'Star charts (2)',
      file_name: 'practice-set-1-protected.pdf',
    });
    expect(await newest(material.id)).toMatchInlineSnapshot(`
      {
        "action": "material.replace",
        "actor": "Tarun Teacher (teacher)",
        "after": {
          "chapter_id": "#",
          "file_name": "practice-set-1-protected.pdf",
          "id": "#",
          "original_name": null,
          "password_protected": true,
          "title": "Star charts (2)",
        },
        "before": {
          "chapter_id": "#",
          "file_name": "sets-worksheet.pdf",
          "id": "#",
          "original_name": null,
          "password_protected": false,
          "title": "Star charts (2)",
        },
        "entity": "material",
        "label": "Star charts (2)",
      }
    `);
    await call('/Material/delete', { id: material.id });
    expect(await newest(material.id)).toMatchInlineSnapshot(`
      {
        "action": "material.delete",
        "actor": "Tarun Teacher (teacher)",
        "after": null,
        "before": {
          "chapter_id": "#",
          "file_name": "practice-set-1-protected.pdf",
          "id": "#",
          "original_name": null,
          "password_protected": true,
          "title": "Star charts (2)",
        },
        "entity": "material",
        "label": "Star charts (2)",
      }
    `);

    await call('/Topic/delete', { id: topic.id });
    expect(await newest(topic.id)).toMatchInlineSnapshot(`
      {
        "action": "topic.delete",
        "actor": "Tarun Teacher (teacher)",
        "after": null,
        "before": {
          "name": "Red giants",
          "video_link": "https://vimeo.com/123",
          "watched_by": 0,
        },
        "entity": "topic",
        "label": "Red giants",
      }
    `);
    const physicsChapterId = t.demo.subjects.find((s) => s.name === 'Physics')!.chapters[0]!.id;
    const watched = await call('/Topic/save', {
      chapter_id: physicsChapterId,
      name: 'Watched topic',
      video_link: 'https://vimeo.com/456',
    });
    const watch = { stud_id: t.demo.demoStudentId, topic_id: watched.id, position_seconds: 30 };
    expect((await t.post('/Student/watched', watch, student)).status).toBe(200);
    await call('/Topic/delete', { id: watched.id, confirm: true });
    expect(await newest(watched.id)).toMatchInlineSnapshot(`
      {
        "action": "topic.delete",
        "actor": "Tarun Teacher (teacher)",
        "after": {
          "hidden": true,
        },
        "before": {
          "name": "Watched topic",
          "video_link": "https://vimeo.com/456",
          "watched_by": 1,
        },
        "entity": "topic",
        "label": "Watched topic",
      }
    `);

    const empty = await call('/Chapter/save', { subject_id: subject.id, name: 'Comets' });
    await call('/Chapter/delete', { id: empty.id });
    expect(await newest(empty.id)).toMatchInlineSnapshot(`
      {
        "action": "chapter.delete",
        "actor": "Tarun Teacher (teacher)",
        "after": null,
        "before": {
          "id": "#",
          "name": "Comets",
          "subject_id": "#",
        },
        "entity": "chapter",
        "label": "Comets",
      }
    `);
    const bare = await call('/Subject/save', { name: 'Geology', thumbnail: '' });
    await call('/Subject/delete', { id: bare.id });
    expect(await newest(bare.id)).toMatchInlineSnapshot(`
      {
        "action": "subject.delete",
        "actor": "Tarun Teacher (teacher)",
        "after": null,
        "before": {
          "name": "Geology",
          "thumbnail": "",
        },
        "entity": "subject",
        "label": "Geology",
      }
    `);
  });
});

describe('the audit entries of quiz authoring', () => {
  it('records adding, changing and deleting a quiz, and hiding one with attempts', async () => {
    const chapterId = t.demo.subjects.find((s) => s.name === 'Physics')!.chapters[0]!.id;
    const questions = [{ question: 'SI unit of length?', options: ['gram', 'metre', 'second'], answer: 2, marks: 1 }];
    const quiz = await call('/Quiz/save', {
      chapter_id: chapterId,
      name: 'Units check',
      pass_marks: 1,
      allow_retake: true,
      questions,
    });
    expect(await newest(quiz.id)).toMatchInlineSnapshot(`
      {
        "action": "quiz.add",
        "actor": "Tarun Teacher (teacher)",
        "after": {
          "allow_retake": true,
          "attempts": 0,
          "chapter_id": "#",
          "id": "#",
          "name": "Units check",
          "pass_marks": 1,
          "questions": [
            {
              "answer": 2,
              "id": "#",
              "marks": 1,
              "options": [
                "gram",
                "metre",
                "second",
              ],
              "question": "SI unit of length?",
            },
          ],
        },
        "before": null,
        "entity": "quiz",
        "label": "Units check",
      }
    `);
    await call('/Quiz/save', { id: quiz.id, name: 'Units check', pass_marks: 1, allow_retake: false, questions });
    expect(await newest(quiz.id)).toMatchInlineSnapshot(`
      {
        "action": "quiz.update",
        "actor": "Tarun Teacher (teacher)",
        "after": {
          "allow_retake": false,
          "attempts": 0,
          "chapter_id": "#",
          "id": "#",
          "name": "Units check",
          "pass_marks": 1,
          "questions": [
            {
              "answer": 2,
              "id": "#",
              "marks": 1,
              "options": [
                "gram",
                "metre",
                "second",
              ],
              "question": "SI unit of length?",
            },
          ],
        },
        "before": {
          "allow_retake": true,
          "attempts": 0,
          "chapter_id": "#",
          "id": "#",
          "name": "Units check",
          "pass_marks": 1,
          "questions": [
            {
              "answer": 2,
              "id": "#",
              "marks": 1,
              "options": [
                "gram",
                "metre",
                "second",
              ],
              "question": "SI unit of length?",
            },
          ],
        },
        "entity": "quiz",
        "label": "Units check",
      }
    `);

    const [question] = (await t.post('/Student/get_quiz', { stud_id: t.demo.demoStudentId, quiz_id: quiz.id }, student))
      .body.data.questions;
    const submitted = await t.post(
      '/Student/submit_quiz',
      {
        stud_id: t.demo.demoStudentId,
        quiz_id: quiz.id,
        submit_data: [{ question_id: question.question_id, answer: 'metre' }],
      },
      student,
    );
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    await call('/Quiz/delete', { id: quiz.id, confirm: true });
    expect(await newest(quiz.id)).toMatchInlineSnapshot(`
      {
        "action": "quiz.delete",
        "actor": "Tarun Teacher (teacher)",
        "after": {
          "hidden": true,
        },
        "before": {
          "allow_retake": false,
          "attempts": 1,
          "chapter_id": "#",
          "id": "#",
          "name": "Units check",
          "pass_marks": 1,
          "questions": [
            {
              "answer": 2,
              "id": "#",
              "marks": 1,
              "options": [
                "gram",
                "metre",
                "second",
              ],
              "question": "SI unit of length?",
            },
          ],
        },
        "entity": "quiz",
        "label": "Units check",
      }
    `);

    const untaken = await call('/Quiz/save', { chapter_id: chapterId, name: 'Draft', pass_marks: 1, questions });
    await call('/Quiz/delete', { id: untaken.id });
    expect(await newest(untaken.id)).toMatchInlineSnapshot(`
      {
        "action": "quiz.delete",
        "actor": "Tarun Teacher (teacher)",
        "after": null,
        "before": {
          "allow_retake": true,
          "attempts": 0,
          "chapter_id": "#",
          "id": "#",
          "name": "Draft",
          "pass_marks": 1,
          "questions": [
            {
              "answer": 2,
              "id": "#",
              "marks": 1,
              "options": [
                "gram",
                "metre",
                "second",
              ],
              "question": "SI unit of length?",
            },
          ],
        },
        "entity": "quiz",
        "label": "Draft",
      }
    `);
  });
});

describe('the audit entries of the schedule', () => {
  it('records adding, renaming and deleting a batch, and scheduling, changing and cancelling classes', async () => {
    const subjectId = t.demo.subjects.find((s) => s.name === 'Physics')!.id;
    const batch = await call('/Batch/save', { subject_id: subjectId, name: 'Evening' });
    expect(await newest(batch.id)).toMatchInlineSnapshot(`
      {
        "action": "batch.add",
        "actor": "Tarun Teacher (teacher)",
        "after": {
          "name": "Evening",
          "subject_id": "#",
        },
        "before": null,
        "entity": "batch",
        "label": "Evening",
      }
    `);
    await call('/Batch/save', { id: batch.id, name: 'Evening batch' });
    expect(await newest(batch.id)).toMatchInlineSnapshot(`
      {
        "action": "batch.update",
        "actor": "Tarun Teacher (teacher)",
        "after": {
          "name": "Evening batch",
        },
        "before": {
          "name": "Evening",
        },
        "entity": "batch",
        "label": "Evening batch",
      }
    `);

    const fields = {
      class_name: 'Vectors',
      tutor_name: 'Ms Rao',
      online_url: 'https://meet.example.org/vectors',
      starts_at: '2030-01-07T18:00',
      duration_minutes: 60,
    };
    const { added } = await call('/LiveClass/add', { batch_id: batch.id, ...fields, repeat_weeks: 1 });
    expect(await newest(added[0].id)).toMatchInlineSnapshot(`
      {
        "action": "live_class.add",
        "actor": "Tarun Teacher (teacher)",
        "after": {
          "batch_id": "#",
          "class_name": "Vectors",
          "duration_minutes": 60,
          "ids": [
            "#",
            "#",
          ],
          "online_url": "https://meet.example.org/vectors",
          "repeat_weeks": 1,
          "starts_at": "2030-01-07T18:00",
          "tutor_name": "Ms Rao",
        },
        "before": null,
        "entity": "live_class",
        "label": "Vectors",
      }
    `);
    await call('/LiveClass/save', { id: added[0].id, ...fields, class_name: 'Vectors 1' });
    expect(await newest(added[0].id)).toMatchInlineSnapshot(`
      {
        "action": "live_class.update",
        "actor": "Tarun Teacher (teacher)",
        "after": {
          "class_name": "Vectors 1",
          "duration_minutes": 60,
          "id": "#",
          "online_url": "https://meet.example.org/vectors",
          "starts_at": "2030-01-07T12:30:00Z",
          "starts_local": "2030-01-07T18:00",
          "tutor_name": "Ms Rao",
        },
        "before": {
          "class_name": "Vectors",
          "duration_minutes": 60,
          "id": "#",
          "online_url": "https://meet.example.org/vectors",
          "starts_at": "2030-01-07T12:30:00Z",
          "starts_local": "2030-01-07T18:00",
          "tutor_name": "Ms Rao",
        },
        "entity": "live_class",
        "label": "Vectors 1",
      }
    `);
    for (const { id } of added) await call('/LiveClass/delete', { id });
    expect(await newest(added[1].id)).toMatchInlineSnapshot(`
      {
        "action": "live_class.delete",
        "actor": "Tarun Teacher (teacher)",
        "after": null,
        "before": {
          "batch_id": "#",
          "class_name": "Vectors",
          "duration_minutes": 60,
          "id": "#",
          "online_url": "https://meet.example.org/vectors",
          "starts_at": "2030-01-14T12:30:00Z",
          "starts_local": "2030-01-14T18:00",
          "tutor_name": "Ms Rao",
        },
        "entity": "live_class",
        "label": "Vectors",
      }
    `);
    await call('/Batch/delete', { id: batch.id });
    expect(await newest(batch.id)).toMatchInlineSnapshot(`
      {
        "action": "batch.delete",
        "actor": "Tarun Teacher (teacher)",
        "after": null,
        "before": {
          "id": "#",
          "name": "Evening batch",
          "subject_id": "#",
        },
        "entity": "batch",
        "label": "Evening batch",
      }
    `);
  });
});

describe('the audit entries of news', () => {
  it('records writing, changing, publishing, taking back and deleting an item', async () => {
    const item = await call('/News/save', { heading: 'Exam week', body: '<p>Starts Monday.</p>', image: '' });
    expect(await newest(item.id)).toMatchInlineSnapshot(`
      {
        "action": "news.add",
        "actor": "Tarun Teacher (teacher)",
        "after": {
          "body": "<p>Starts Monday.</p>",
          "heading": "Exam week",
          "id": "#",
          "image": "",
          "published_at": null,
          "status": "draft",
          "updated_at": "time",
        },
        "before": null,
        "entity": "news",
        "label": "Exam week",
      }
    `);
    await call('/News/save', { id: item.id, heading: 'Exam week', body: '<p>Starts Tuesday.</p>', image: '' });
    expect(await newest(item.id)).toMatchInlineSnapshot(`
      {
        "action": "news.update",
        "actor": "Tarun Teacher (teacher)",
        "after": {
          "body": "<p>Starts Tuesday.</p>",
          "heading": "Exam week",
          "id": "#",
          "image": "",
          "published_at": null,
          "status": "draft",
          "updated_at": "time",
        },
        "before": {
          "body": "<p>Starts Monday.</p>",
          "heading": "Exam week",
          "id": "#",
          "image": "",
          "published_at": null,
          "status": "draft",
          "updated_at": "time",
        },
        "entity": "news",
        "label": "Exam week",
      }
    `);
    await call('/News/publish', { id: item.id });
    expect(await newest(item.id)).toMatchInlineSnapshot(`
      {
        "action": "news.publish",
        "actor": "Tarun Teacher (teacher)",
        "after": {
          "published_at": "time",
        },
        "before": {
          "published_at": null,
        },
        "entity": "news",
        "label": "Exam week",
      }
    `);
    await call('/News/publish', { id: item.id, at: null });
    expect(await newest(item.id)).toMatchInlineSnapshot(`
      {
        "action": "news.unpublish",
        "actor": "Tarun Teacher (teacher)",
        "after": {
          "published_at": null,
        },
        "before": {
          "published_at": "time",
        },
        "entity": "news",
        "label": "Exam week",
      }
    `);
    await call('/News/delete', { id: item.id });
    expect(await newest(item.id)).toMatchInlineSnapshot(`
      {
        "action": "news.delete",
        "actor": "Tarun Teacher (teacher)",
        "after": null,
        "before": {
          "body": "<p>Starts Tuesday.</p>",
          "heading": "Exam week",
          "id": "#",
          "image": "",
          "published_at": null,
          "status": "draft",
          "updated_at": "time",
        },
        "entity": "news",
        "label": "Exam week",
      }
    `);
  });
});
