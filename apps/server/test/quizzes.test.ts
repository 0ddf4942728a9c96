import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let token: string;
let otherToken: string;
let me: number;
beforeAll(async () => {
  t = await startTestApp();
  me = t.demo.demoStudentId;
  token = await t.tokenFor(me);
  otherToken = await t.tokenFor(t.demo.otherStudentId);
});
afterAll(() => t.close());

interface StoredQuestion {
  id: number;
  options: string[];
  correct_answer: string;
  marks: number;
}

async function quizNamed(name: string) {
  const [quiz] = await t.db.query<{ id: number; chapter_id: number; pass_marks: number }>(
    'SELECT id, chapter_id, pass_marks FROM quizzes WHERE name = $1',
    [name],
  );
  const questions = await t.db.query<StoredQuestion>(
    'SELECT id, options, correct_answer, marks FROM questions WHERE quiz_id = $1 ORDER BY position, id',
    [quiz!.id],
  );
  const right = questions.map((q) => ({ question_id: q.id, answer: q.correct_answer }));
  const wrong = questions.map((q) => ({ question_id: q.id, answer: q.options.find((o) => o !== q.correct_answer)! }));
  return { ...quiz!, questions, right, wrong };
}

const chapterId = (subject: string, chapter: string) =>
  t.demo.subjects.find((s) => s.name === subject)!.chapters.find((c) => c.name === chapter)!.id;

const submit = (quizId: number, submit_data: unknown, as = token, stud_id = me) =>
  t.post('/Student/submit_quiz', { stud_id, quiz_id: quizId, submit_data }, as);

const attemptCount = async (quizId: number, studentId = me) =>
  (
    await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM quiz_attempts WHERE quiz_id = $1 AND student_id = $2',
      [quizId, studentId],
    )
  )[0]!.n;

/** Moves a student's attempts at a quiz out of the repeated-submit window, as if minutes had passed. */
const age = (quizId: number) =>
  t.db.query(`UPDATE quiz_attempts SET attended_on = attended_on - interval '2 minutes' WHERE quiz_id = $1`, [quizId]);

describe('POST /Student/get_quiz_by_chapter', () => {
  it("lists a chapter's quizzes newest first with ISO dates", async () => {
    const { status, body } = await t.post(
      '/Student/get_quiz_by_chapter',
      { stud_id: me, chapter_id: chapterId('Physics', 'Units and Measurements') },
      token,
    );
    expect(status).toBe(200);
    expect(body.data.map((q: { name: string }) => q.name)).toEqual([
      'Significant Figures (one attempt only)',
      'Units and Dimensions',
    ]);
    expect(Object.keys(body.data[0]).sort()).toEqual(['added_on', 'id', 'name']);
    expect(body.data[0].added_on).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('answers an empty list for a chapter without quizzes', async () => {
    const { body } = await t.post(
      '/Student/get_quiz_by_chapter',
      { stud_id: me, chapter_id: chapterId('Mathematics', 'Complex Numbers') },
      token,
    );
    expect(body.data).toEqual([]);
  });

  it('refuses a chapter of a subject the student is not enrolled in with 404', async () => {
    const { status, body } = await t.post(
      '/Student/get_quiz_by_chapter',
      { stud_id: me, chapter_id: chapterId('Biology', 'The Living World') },
      token,
    );
    expect(status).toBe(404);
    expect(JSON.stringify(body)).not.toContain('Taxonomy');
  });
});

describe('POST /Student/get_quiz', () => {
  it('sends the questions with options and marks, and never their correct answers', async () => {
    const quiz = await quizNamed('Units and Dimensions');
    const { status, body } = await t.post('/Student/get_quiz', { stud_id: me, quiz_id: quiz.id }, token);
    expect(status).toBe(200);
    expect(body.data.quiz).toMatchObject({
      id: quiz.id,
      name: 'Units and Dimensions',
      max_marks: 7,
      pass_marks: 4,
      allow_retake: true,
      attempted: true,
    });
    expect(body.data.questions).toHaveLength(4);
    for (const question of body.data.questions) {
      expect(Object.keys(question).sort()).toEqual(['marks', 'options', 'question', 'question_id']);
    }
    expect(body.data.questions[0]).toEqual({
      question_id: quiz.questions[0]!.id,
      question: 'Which of these is a fundamental SI unit?',
      options: ['Newton', 'Joule', 'Kelvin', 'Watt'],
      marks: 1,
    });
    expect(JSON.stringify(body)).not.toMatch(/correct/i);
  });

  it("answers 404 for a quiz outside the student's subjects, and for one that does not exist", async () => {
    const biology = await quizNamed('Taxonomy Basics');
    const outside = await t.post('/Student/get_quiz', { stud_id: me, quiz_id: biology.id }, token);
    expect(outside.status).toBe(404);
    expect(JSON.stringify(outside.body)).not.toContain('Taxonomy');
    expect((await t.post('/Student/get_quiz', { stud_id: me, quiz_id: 999999 }, token)).status).toBe(404);
  });

  it('refuses a missing token (401), another student id (403) and a bad quiz id (400)', async () => {
    expect((await t.post('/Student/get_quiz', { stud_id: me, quiz_id: 1 })).status).toBe(401);
    expect((await t.post('/Student/get_quiz', { stud_id: t.demo.otherStudentId, quiz_id: 1 }, token)).status).toBe(403);
    const bad = await t.post('/Student/get_quiz', { stud_id: me, quiz_id: 'one' }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/quiz_id/);
  });
});

let quizSerial = 0;
/** A fresh quiz in a chapter of the demo student's: three questions of 1, 2 and 3 marks (6 in all). */
async function makeQuiz({ passMarks = 3, allowRetake = true } = {}) {
  const chapter = chapterId('Physics', 'Work, Energy and Power');
  const [row] = await t.db.query<{ id: number }>(
    'INSERT INTO quizzes (chapter_id, name, pass_marks, allow_retake) VALUES ($1, $2, $3, $4) RETURNING id',
    [chapter, `Test quiz ${++quizSerial}`, passMarks, allowRetake],
  );
  for (const [position, marks] of [1, 2, 3].entries()) {
    await t.db.query(
      'INSERT INTO questions (quiz_id, question, options, correct_answer, marks, position) VALUES ($1, $2, $3, $4, $5, $6)',
      [row!.id, `Question ${position + 1}`, JSON.stringify(['A', 'B', 'C', 'D']), 'B', marks, position],
    );
  }
  const name = `Test quiz ${quizSerial}`;
  return quizNamed(name);
}

describe('POST /Student/submit_quiz: grading', () => {
  it('passes all-correct answers with every mark and the score text', async () => {
    const quiz = await makeQuiz();
    const { status, body } = await submit(quiz.id, quiz.right);
    expect(status).toBe(200);
    expect(body.status).toBe(true);
    expect(body.data).toMatchObject({ result: 'pass', score_text: '6/6' });
    expect(body.message).toBe(body.data.message);
    expect(body.message).toMatch(/passed/i);
    const [stored] = await t.db.query('SELECT marks, max_marks, result FROM quiz_attempts WHERE id = $1', [
      body.data.attempt_id,
    ]);
    expect(stored).toEqual({ marks: 6, max_marks: 6, result: 'pass' });
  });

  it('fails all-wrong answers with no marks', async () => {
    const quiz = await makeQuiz();
    const { body } = await submit(quiz.id, quiz.wrong);
    expect(body.data).toMatchObject({ result: 'fail', score_text: '0/6' });
    expect(body.message).toMatch(/did not pass/i);
  });

  it('grades a partly answered quiz: blanks earn nothing, and the answers are stored as sent', async () => {
    const quiz = await makeQuiz();
    const { body } = await submit(quiz.id, [quiz.right[2]]);
    expect(body.data).toMatchObject({ result: 'pass', score_text: '3/6' });
    const answers = await t.db.query('SELECT question_id, answer FROM attempt_answers WHERE attempt_id = $1', [
      body.data.attempt_id,
    ]);
    expect(answers).toEqual([{ question_id: quiz.questions[2]!.id, answer: 'B' }]);
  });

  it('passes at exactly the pass mark and fails one mark below it', async () => {
    const quiz = await makeQuiz({ passMarks: 3 });
    expect((await submit(quiz.id, [quiz.right[0], quiz.right[1]])).body.data.result).toBe('pass');
    const harder = await makeQuiz({ passMarks: 4 });
    expect((await submit(harder.id, [harder.right[0], harder.right[1]])).body.data).toMatchObject({
      result: 'fail',
      score_text: '3/6',
    });
  });

  it('accepts ids sent as strings of digits, as other clients of this API send them', async () => {
    const quiz = await makeQuiz();
    const answers = quiz.right.map((a) => ({ question_id: String(a.question_id), answer: a.answer }));
    const { status, body } = await t.post(
      '/Student/submit_quiz',
      { stud_id: String(me), quiz_id: String(quiz.id), submit_data: answers },
      token,
    );
    expect(status).toBe(200);
    expect(body.data.score_text).toBe('6/6');
  });

  it('refuses an option the question does not have with 400 and a clear message, storing nothing', async () => {
    const quiz = await makeQuiz();
    const { status, body } = await submit(quiz.id, [
      quiz.right[0],
      { question_id: quiz.questions[1]!.id, answer: 'E' },
    ]);
    expect(status).toBe(400);
    expect(body).toEqual({
      status: false,
      message: '"E" is not one of the options of question 2.',
      code: 'quiz_answer_invalid',
    });
    expect(await attemptCount(quiz.id)).toBe(0);
  });

  it('refuses a question of another quiz with 400, storing nothing', async () => {
    const quiz = await makeQuiz();
    const other = await quizNamed('Kinematics Basics');
    const { status, body } = await submit(quiz.id, [other.right[0]]);
    expect(status).toBe(400);
    expect(body.message).toBe(`Question ${other.questions[0]!.id} is not part of this quiz.`);
    expect(await attemptCount(quiz.id)).toBe(0);
  });

  it('stores an attempt with all its answers or none of it', async () => {
    const quiz = await makeQuiz();
    await t.db.query(`CREATE FUNCTION refuse_answer() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'disk full'; END $$`);
    await t.db.query(
      'CREATE TRIGGER refuse_answer BEFORE INSERT ON attempt_answers FOR EACH ROW EXECUTE FUNCTION refuse_answer()',
    );
    try {
      const { status, body } = await submit(quiz.id, quiz.right);
      expect(status).toBe(500);
      expect(body.message).not.toContain('disk full');
    } finally {
      await t.db.query('DROP TRIGGER refuse_answer ON attempt_answers');
      await t.db.query('DROP FUNCTION refuse_answer()');
    }
    expect(await attemptCount(quiz.id)).toBe(0);
  });
});

describe('POST /Student/submit_quiz: repeated submits and retakes', () => {
  it('stores one attempt when the same answers are submitted twice in a row, answering the same result', async () => {
    const quiz = await makeQuiz();
    const first = await submit(quiz.id, quiz.right);
    const again = await submit(quiz.id, [...quiz.right].reverse());
    expect(again.body).toEqual(first.body);
    expect(await attemptCount(quiz.id)).toBe(1);
  });

  it('stores one attempt when identical submits arrive together', async () => {
    const quiz = await makeQuiz();
    // Slow every insert down so that concurrent submits overlap for certain between their check and their insert.
    await t.db.query(`CREATE FUNCTION slow_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(0.2); RETURN NEW; END $$`);
    await t.db.query(
      'CREATE TRIGGER slow_insert BEFORE INSERT ON quiz_attempts FOR EACH ROW EXECUTE FUNCTION slow_insert()',
    );
    const answers = await Promise.all(Array.from({ length: 4 }, () => submit(quiz.id, quiz.wrong))).finally(
      async () => {
        await t.db.query('DROP TRIGGER slow_insert ON quiz_attempts');
        await t.db.query('DROP FUNCTION slow_insert()');
      },
    );
    expect(answers.map((a) => a.status)).toEqual(Array(4).fill(200));
    expect(new Set(answers.map((a) => a.body.data.attempt_id)).size).toBe(1);
    expect(await attemptCount(quiz.id)).toBe(1);
  });

  it('stores a retake when the answers differ, or when the same answers come after the window', async () => {
    const quiz = await makeQuiz();
    await submit(quiz.id, quiz.wrong);
    const retake = await submit(quiz.id, quiz.right);
    expect(retake.body.data.result).toBe('pass');
    await age(quiz.id);
    const sameLater = await submit(quiz.id, quiz.right);
    expect(sameLater.body.data.attempt_id).not.toBe(retake.body.data.attempt_id);
    expect(await attemptCount(quiz.id)).toBe(3);
  });

  it('refuses a retake of a quiz that allows one attempt with status false and a message, storing nothing', async () => {
    const quiz = await makeQuiz({ allowRetake: false });
    const first = await submit(quiz.id, quiz.wrong);
    expect(first.body.status).toBe(true);
    const retake = await submit(quiz.id, quiz.right);
    expect(retake.status).toBe(200);
    expect(retake.body).toEqual({
      status: false,
      message: expect.stringMatching(/only once/),
      code: 'quiz_already_taken',
      data: null,
    });
    expect(await attemptCount(quiz.id)).toBe(1);
    // A double click on the first Submit still answers the first result rather than a refusal.
    expect((await submit(quiz.id, quiz.wrong)).body).toEqual(first.body);
    const quizView = await t.post('/Student/get_quiz', { stud_id: me, quiz_id: quiz.id }, token);
    expect(quizView.body.data.quiz).toMatchObject({ allow_retake: false, attempted: true });
  });

  it("keeps one student's repeated submit apart from another's", async () => {
    const quiz = await makeQuiz();
    await t.db.query(`INSERT INTO enrolments (student_id, subject_id) VALUES ($1, $2)`, [
      t.demo.otherStudentId,
      t.demo.subjects.find((s) => s.name === 'Physics')!.id,
    ]);
    try {
      const mine = await submit(quiz.id, quiz.right);
      const theirs = await submit(quiz.id, quiz.right, otherToken, t.demo.otherStudentId);
      expect(theirs.body.data.attempt_id).not.toBe(mine.body.data.attempt_id);
    } finally {
      await t.db.query(`DELETE FROM enrolments WHERE student_id = $1 AND subject_id = $2`, [
        t.demo.otherStudentId,
        t.demo.subjects.find((s) => s.name === 'Physics')!.id,
      ]);
    }
  });
});

describe('POST /Student/submit_quiz: exactly once by submission_id', () => {
  const answersNumbered = (quiz: Awaited<ReturnType<typeof makeQuiz>>, n: number) =>
    quiz.questions.map((q, i) => ({ question_id: q.id, answer: q.options[(n >> (2 * i)) & 3]! }));
  const submitWithId = (quizId: number, submit_data: unknown, submission_id: string) =>
    t.post('/Student/submit_quiz', { stud_id: me, quiz_id: quizId, submit_data, submission_id }, token);

  it('stores ten different submissions once each while their retries interleave, however late a retry comes', async () => {
    const quiz = await makeQuiz();
    const submissions = Array.from({ length: 10 }, (_, n) => ({ id: randomUUID(), answers: answersNumbered(quiz, n) }));
    // Every submission twice, interleaved: first sends of some, retries of others, in one burst.
    const order = [...submissions.map((s) => s), ...submissions.map((s) => s).reverse()];
    const answers = await Promise.all(order.map((s) => submitWithId(quiz.id, s.answers, s.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const attemptOf = new Map<string, number>();
    order.forEach((s, i) => {
      const attemptId = answers[i]!.body.data.attempt_id as number;
      expect(attemptOf.get(s.id) ?? attemptId).toBe(attemptId);
      attemptOf.set(s.id, attemptId);
    });
    expect(new Set(attemptOf.values()).size).toBe(10);
    expect(await attemptCount(quiz.id)).toBe(10);

    // A retry long after (past the repeated-submit window, after newer attempts) still finds its first attempt.
    await age(quiz.id);
    const late = await submitWithId(quiz.id, submissions[0]!.answers, submissions[0]!.id);
    expect(late.body).toMatchObject({ status: true, data: { attempt_id: attemptOf.get(submissions[0]!.id) } });
    expect(await attemptCount(quiz.id)).toBe(10);
  });

  it('answers a repeat of the first attempt of a one-attempt quiz with its result, not a refusal', async () => {
    const quiz = await makeQuiz({ allowRetake: false });
    const id = randomUUID();
    const first = await submitWithId(quiz.id, quiz.wrong, id);
    await age(quiz.id);
    expect((await submitWithId(quiz.id, quiz.wrong, id)).body).toEqual(first.body);
    expect((await submitWithId(quiz.id, quiz.right, randomUUID())).body.status).toBe(false);
    expect(await attemptCount(quiz.id)).toBe(1);
  });

  it('refuses a submission_id that is not a UUID with 400, and one used for another quiz with 409', async () => {
    const quiz = await makeQuiz();
    const other = await makeQuiz();
    const bad = await submitWithId(quiz.id, quiz.right, 'not-a-uuid');
    expect(bad).toMatchObject({
      status: 400,
      body: { status: false, message: expect.stringMatching(/submission_id/) },
    });
    const id = randomUUID();
    await submitWithId(quiz.id, quiz.right, id);
    const reused = await submitWithId(other.id, other.right, id);
    expect(reused).toMatchObject({
      status: 409,
      body: { status: false, message: expect.stringMatching(/submission_id/) },
    });
    expect(await attemptCount(other.id)).toBe(0);
  });
});

describe('POST /Student/submit_quiz: refusals', () => {
  it("answers 404 for a quiz outside the student's subjects, storing nothing", async () => {
    const biology = await quizNamed('Taxonomy Basics');
    const { status } = await submit(biology.id, biology.right);
    expect(status).toBe(404);
    expect(await attemptCount(biology.id)).toBe(0);
  });

  it('refuses a missing token with 401 and another student id with 403', async () => {
    const quiz = await makeQuiz();
    expect((await t.post('/Student/submit_quiz', { stud_id: me, quiz_id: quiz.id, submit_data: [] })).status).toBe(401);
    expect((await submit(quiz.id, quiz.right, token, t.demo.otherStudentId)).status).toBe(403);
    expect(await attemptCount(quiz.id)).toBe(0);
  });

  it.each([
    ['submit_data is missing', undefined, /submit_data/],
    ['submit_data is not a list', 'B', /submit_data/],
    ['an answer is empty', [{ question_id: 1, answer: '' }], /answer/],
    ['an answer is too long', [{ question_id: 1, answer: 'x'.repeat(1001) }], /too long/],
    [
      'a question is answered twice',
      [
        { question_id: 1, answer: 'A' },
        { question_id: '1', answer: 'B' },
      ],
      /twice/,
    ],
    ['an answer has an unexpected field', [{ question_id: 1, answer: 'A', correct: true }], /unexpected field correct/],
    [
      'there are more than 200 answers',
      Array.from({ length: 201 }, (_, i) => ({ question_id: i + 1, answer: 'A' })),
      /200/,
    ],
  ])('answers 400 when %s', async (_case, submitData, message) => {
    const quiz = await makeQuiz();
    const { status, body } = await submit(quiz.id, submitData);
    expect(status).toBe(400);
    expect(body.message).toMatch(message);
  });
});

describe('POST /Student/my_quiz_history', () => {
  it("lists the student's own attempts in a chapter, newest first, with results and marks", async () => {
    const { status, body } = await t.post(
      '/Student/my_quiz_history',
      { stud_id: me, chapter_id: chapterId('Physics', 'Units and Measurements') },
      token,
    );
    expect(status).toBe(200);
    expect(body.data).toHaveLength(2);
    expect(body.data.map((a: { result: string; marks: number }) => `${a.result} ${a.marks}`)).toEqual([
      'pass 6',
      'fail 1',
    ]);
    expect(body.data[0]).toMatchObject({ name: 'Units and Dimensions', max_marks: 7 });
    expect(Object.keys(body.data[0]).sort()).toEqual([
      'added_on',
      'attend_on',
      'id',
      'marks',
      'max_marks',
      'name',
      'quiz_id',
      'result',
    ]);
    expect(body.data[0].attend_on).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('answers an empty list for a chapter of theirs they have taken no quiz in, not 404', async () => {
    const physics = t.demo.subjects.find((s) => s.name === 'Physics')!;
    const [fresh] = await t.db.query<{ id: number }>(
      `INSERT INTO chapters (subject_id, name, position) VALUES ($1, 'Gravitation', 99) RETURNING id`,
      [physics.id],
    );
    const { status, body } = await t.post('/Student/my_quiz_history', { stud_id: me, chapter_id: fresh!.id }, token);
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
  });

  it("never lists another student's attempts", async () => {
    const biology = chapterId('Biology', 'The Living World');
    const theirs = await t.post(
      '/Student/my_quiz_history',
      { stud_id: t.demo.otherStudentId, chapter_id: biology },
      otherToken,
    );
    expect(theirs.body.data).toHaveLength(1);
    expect((await t.post('/Student/my_quiz_history', { stud_id: me, chapter_id: biology }, token)).status).toBe(404);
    const physics = await t.post(
      '/Student/my_quiz_history',
      { stud_id: me, chapter_id: chapterId('Physics', 'Units and Measurements') },
      token,
    );
    expect(physics.body.data.every((a: { id: number }) => a.id !== theirs.body.data[0].id)).toBe(true);
  });
});

describe('POST /Student/quiz_report_by_id', () => {
  it('shows each question with the correct answer and the student answer (null when left blank)', async () => {
    const quiz = await makeQuiz({ passMarks: 4 });
    const sent = await submit(quiz.id, [quiz.right[0], quiz.wrong[2]]);
    const { status, body } = await t.post(
      '/Student/quiz_report_by_id',
      { stud_id: me, id: sent.body.data.attempt_id },
      token,
    );
    expect(status).toBe(200);
    expect(body.data.analytics).toEqual({ total_marks_gained: 1, max_marks: 6, result: 'fail' });
    expect(body.data.quiz_name).toBe(`Test quiz ${quizSerial}`);
    expect(
      body.data.report.map((r: { answer: string; student_answer: string | null }) => [r.answer, r.student_answer]),
    ).toEqual([
      ['B', 'B'],
      ['B', null],
      ['B', 'A'],
    ]);
    expect(body.data.report[0]).toMatchObject({ question: 'Question 1', options: ['A', 'B', 'C', 'D'], marks: 1 });
  });

  it("refuses another student's attempt with 404, as for an attempt that does not exist", async () => {
    const [theirs] = await t.db.query<{ id: number }>('SELECT id FROM quiz_attempts WHERE student_id = $1 LIMIT 1', [
      t.demo.otherStudentId,
    ]);
    const { status, body } = await t.post('/Student/quiz_report_by_id', { stud_id: me, id: theirs!.id }, token);
    expect(status).toBe(404);
    expect(JSON.stringify(body)).not.toContain('Linnaeus');
    expect((await t.post('/Student/quiz_report_by_id', { stud_id: me, id: 999999 }, token)).status).toBe(404);
    expect(
      (await t.post('/Student/quiz_report_by_id', { stud_id: t.demo.otherStudentId, id: theirs!.id }, otherToken))
        .status,
    ).toBe(200);
  });

  it('refuses a missing id with 400', async () => {
    const { status, body } = await t.post('/Student/quiz_report_by_id', { stud_id: me }, token);
    expect(status).toBe(400);
    expect(body.message).toMatch(/^id/);
  });
});

describe('demo data', () => {
  it('gives the demo student passes and fails to review, and quizzes not yet taken', async () => {
    const rows = await t.db.query<{ name: string; attempts: number; results: string | null }>(
      `SELECT q.name, count(a.id)::int AS attempts, string_agg(a.result, ',' ORDER BY a.attended_on) AS results
         FROM quizzes q LEFT JOIN quiz_attempts a ON a.quiz_id = q.id AND a.student_id = $1
        WHERE q.name NOT LIKE 'Test quiz%' GROUP BY q.name ORDER BY q.name`,
      [me],
    );
    const byName = Object.fromEntries(rows.map((r) => [r.name, r.results]));
    expect(byName).toMatchObject({
      'Units and Dimensions': 'fail,pass',
      'Mole Concept': 'fail',
      'Sets and Subsets': 'pass',
      'Quantum Numbers': null,
    });
    expect(byName['Significant Figures (one attempt only)']).toBeNull();
  });
});
