import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let teacher: string;
let student: string;
let chapterId: number;
beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.staffTokenFor('teacher');
  student = await t.tokenFor(t.demo.demoStudentId);
  chapterId = t.demo.subjects.find((s) => s.name === 'Physics')!.chapters[0]!.id;
});
afterAll(() => t.close());

const call = (path: string, body: unknown) => t.consolePost(path, body, teacher);
const stud = (path: string, body: object) => t.post(path, { stud_id: t.demo.demoStudentId, ...body }, student);

const units = {
  name: 'Units quiz',
  pass_marks: 2,
  allow_retake: true,
  questions: [
    { question: 'How many significant figures in 0.00450?', options: ['2', '3', '4', '6'], answer: 2, marks: 1 },
    { question: 'The SI unit of force?', options: ['newton', 'joule'], answer: 1, marks: 2 },
  ],
};

describe('writing quizzes in the console', () => {
  it('stores the right answer by its place, and the student takes the quiz as written', async () => {
    const saved = await call('/Quiz/save', { chapter_id: chapterId, ...units });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      name: 'Units quiz',
      attempts: 0,
      questions: [{ answer: 2, options: ['2', '3', '4', '6'] }, { answer: 1 }],
    });
    const quizId = saved.body.data.id;
    const shown = await stud('/Student/get_quiz', { quiz_id: quizId });
    const questions = shown.body.data.questions as { question_id: number; question: string }[];
    expect(questions.map((q) => q.question)).toEqual([
      'How many significant figures in 0.00450?',
      'The SI unit of force?',
    ]);
    expect(JSON.stringify(shown.body)).not.toContain('correct');

    const result = await stud('/Student/submit_quiz', {
      quiz_id: quizId,
      submit_data: [
        { question_id: questions[0]!.question_id, answer: '3' },
        { question_id: questions[1]!.question_id, answer: 'newton' },
      ],
    });
    expect(result.body.data).toMatchObject({ result: 'pass', score_text: '3/3' });
    expect((await call('/Quiz/list', { chapter_id: chapterId })).body.data.quizzes).toContainEqual(
      expect.objectContaining({ id: quizId, questions: 2, attempts: 1 }),
    );
  });

  it('never changes what a past report shows when the quiz is edited after attempts', async () => {
    const quizId = (await call('/Quiz/save', { chapter_id: chapterId, ...units, name: 'Edited later' })).body.data.id;
    const before = (await call('/Quiz/get', { id: quizId })).body.data;
    const [q1, q2] = (await stud('/Student/get_quiz', { quiz_id: quizId })).body.data.questions as {
      question_id: number;
    }[];
    const attempt = (
      await stud('/Student/submit_quiz', {
        quiz_id: quizId,
        submit_data: [
          { question_id: q1!.question_id, answer: '3' },
          { question_id: q2!.question_id, answer: 'joule' },
        ],
      })
    ).body.data.attempt_id;
    const reportBefore = (await stud('/Student/quiz_report_by_id', { id: attempt })).body.data.report;

    // The right answer of the first question moves, the second is removed, a third is added.
    const edited = await call('/Quiz/save', {
      id: quizId,
      ...units,
      name: 'Edited later',
      pass_marks: 1,
      questions: [
        {
          id: before.questions[0].id,
          question: 'How many significant figures in 0.00450?',
          options: ['2', '3', '4', '6'],
          answer: 1,
          marks: 1,
        },
        { question: 'The SI unit of energy?', options: ['newton', 'joule'], answer: 2, marks: 1 },
      ],
    });
    expect(edited.body.message).toBe(
      'Edited later is saved. Reports of its 1 earlier attempt still show the questions as they were.',
    );
    expect((await stud('/Student/quiz_report_by_id', { id: attempt })).body.data.report).toEqual(reportBefore);
    expect(reportBefore.map((q: { question: string; answer: string }) => [q.question, q.answer])).toEqual([
      ['How many significant figures in 0.00450?', '3'],
      ['The SI unit of force?', 'newton'],
    ]);

    // A new attempt is made against the quiz as it is now.
    const now = (await stud('/Student/get_quiz', { quiz_id: quizId })).body.data.questions as {
      question_id: number;
      question: string;
    }[];
    expect(now.map((q) => q.question)).toEqual(['How many significant figures in 0.00450?', 'The SI unit of energy?']);
    const second = (
      await stud('/Student/submit_quiz', {
        quiz_id: quizId,
        submit_data: [{ question_id: now[0]!.question_id, answer: '2' }],
      })
    ).body.data;
    const report = (await stud('/Student/quiz_report_by_id', { id: second.attempt_id })).body.data.report;
    expect(report.map((q: { question: string; answer: string }) => [q.question, q.answer])).toEqual([
      ['How many significant figures in 0.00450?', '2'],
      ['The SI unit of energy?', 'joule'],
    ]);
  });

  it('changes questions in place while nobody has taken the quiz', async () => {
    const quiz = (await call('/Quiz/save', { chapter_id: chapterId, ...units, name: 'Draft quiz' })).body.data;
    const changed = await call('/Quiz/save', {
      id: quiz.id,
      ...units,
      name: 'Draft quiz',
      pass_marks: 1,
      questions: [{ ...units.questions[0], id: quiz.questions[0].id, answer: 3 }],
    });
    expect(changed.status).toBe(200);
    const rows = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM questions WHERE quiz_id = $1', [
      quiz.id,
    ]);
    expect(rows).toEqual([{ n: 1 }]);
    expect((await call('/Quiz/get', { id: quiz.id })).body.data.questions).toEqual([
      expect.objectContaining({ id: quiz.questions[0].id, answer: 3 }),
    ]);
  });

  it.each([
    [
      { questions: [{ question: 'x?', options: ['a', 'b'], answer: 3 }] },
      'answer must be the place of one of the options',
    ],
    [{ questions: [{ question: 'x?', options: ['Yes', ' yes'], answer: 1 }] }, 'two options read the same'],
    [{ questions: [{ question: 'x?', options: ['a'], answer: 1 }] }, 'a question needs at least 2 options'],
    [{ questions: [] }, 'a quiz needs at least one question'],
    [{ pass_marks: 10 }, 'pass_marks must be at most the total'],
    [{ questions: [{ question: '', options: ['a', 'b'], answer: 1 }] }, 'question is required'],
  ])('refuses %j with a 400 naming the problem, and stores nothing', async (change, message) => {
    const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM quizzes'))[0]!.n;
    const before = await count();
    const answer = await call('/Quiz/save', { chapter_id: chapterId, ...units, ...change });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(message);
    expect(await count()).toBe(before);
  });

  it('refuses a question id from another quiz, and stores nothing of the save', async () => {
    const a = (await call('/Quiz/save', { chapter_id: chapterId, ...units, name: 'Quiz A' })).body.data;
    const b = (await call('/Quiz/save', { chapter_id: chapterId, ...units, name: 'Quiz B' })).body.data;
    const answer = await call('/Quiz/save', {
      id: a.id,
      ...units,
      name: 'Renamed A',
      pass_marks: 1,
      questions: [{ ...units.questions[0], id: b.questions[0].id }],
    });
    expect(answer.status).toBe(409);
    expect((await call('/Quiz/get', { id: a.id })).body.data.name).toBe('Quiz A');
  });

  it('asks before hiding a quiz with attempts; the student keeps the report, and can no longer take it', async () => {
    const quiz = (await call('/Quiz/save', { chapter_id: chapterId, ...units, name: 'Old quiz' })).body.data;
    const [q1] = (await stud('/Student/get_quiz', { quiz_id: quiz.id })).body.data.questions as {
      question_id: number;
    }[];
    const attempt = (
      await stud('/Student/submit_quiz', {
        quiz_id: quiz.id,
        submit_data: [{ question_id: q1!.question_id, answer: '3' }],
      })
    ).body.data.attempt_id;
    const asked = await call('/Quiz/delete', { id: quiz.id });
    expect(asked.status).toBe(409);
    expect(asked.body.message).toBe(
      'Old quiz has 1 attempt. Deleting it hides it from students and keeps their reports; send confirm: true to go ahead.',
    );
    expect((await call('/Quiz/delete', { id: quiz.id, confirm: true })).body.message).toBe(
      "Old quiz is deleted; students' reports of it are kept.",
    );
    expect((await stud('/Student/get_quiz', { quiz_id: quiz.id })).status).toBe(404);
    expect(
      ((await stud('/Student/get_quiz_by_chapter', { chapter_id: chapterId })).body.data as { name: string }[]).map(
        (q) => q.name,
      ),
    ).not.toContain('Old quiz');
    const report = await stud('/Student/quiz_report_by_id', { id: attempt });
    expect(report.body.data).toMatchObject({
      quiz_name: 'Old quiz',
      report: [
        { answer: '3', student_answer: '3' },
        { answer: 'newton', student_answer: null },
      ],
    });
    const actions = await t.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity = 'quiz' AND entity_id = $1 ORDER BY id`,
      [String(quiz.id)],
    );
    expect(actions.map((a) => a.action)).toEqual(['quiz.add', 'quiz.delete']);
  });
});
