import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedWithin, startTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp({ seed: 'courses' });
  token = await t.tokenFor(t.demo.demoStudentId);
});
afterAll(() => t.close());

const subjectNamed = (name: string) => t.demo.subjects.find((s) => s.name === name)!;

describe('POST /Student/subjects', () => {
  it('lists only the subjects the student is enrolled in, at data.data', async () => {
    const { status, body } = await t.post('/Student/subjects', { stud_id: t.demo.demoStudentId }, token);
    expect(status).toBe(200);
    expect(body.data.data.map((s: { subject_name: string }) => s.subject_name)).toEqual([
      'Physics',
      'Chemistry',
      'Mathematics',
    ]);
    expect(body.data.data[0]).toEqual({
      subject_id: subjectNamed('Physics').id,
      subject_name: 'Physics',
      thumbnail: '/media/subjects/physics.webp',
    });
  });

  it("refuses another student's id", async () => {
    const { status } = await t.post('/Student/subjects', { stud_id: t.demo.otherStudentId }, token);
    expect(status).toBe(403);
  });

  it('refuses an expired session with 401', async () => {
    await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second'`);
    // On PostgreSQL a remembered session is forgotten when the database's notice arrives, a moment after the commit.
    expect(await refusedWithin(5000, () => t.post('/Student/subjects', { stud_id: t.demo.demoStudentId }, token))).toBe(
      401,
    );
    token = await t.tokenFor(t.demo.demoStudentId);
  });
});

describe('POST /Student/chapters', () => {
  it("lists a subject's chapters in order with the subject's name, at data", async () => {
    const physics = subjectNamed('Physics');
    const { status, body } = await t.post(
      '/Student/chapters',
      { stud_id: t.demo.demoStudentId, sub_id: physics.id },
      token,
    );
    expect(status).toBe(200);
    expect(body.data).toHaveLength(4);
    expect(body.data[0]).toEqual({
      chapter_id: physics.chapters[0]!.id,
      chapter_name: 'Units and Measurements',
      subject_id: physics.id,
      subject_name: 'Physics',
    });
  });

  it('does not show the chapters of a subject the student is not enrolled in', async () => {
    const biology = subjectNamed('Biology');
    const { status, body } = await t.post(
      '/Student/chapters',
      { stud_id: t.demo.demoStudentId, sub_id: biology.id },
      token,
    );
    expect(status).toBe(404);
    expect(JSON.stringify(body)).not.toContain('Living World');
  });

  it('answers an enrolled subject that has no chapters yet with an empty list, not 404', async () => {
    const [subject] = await t.db.query<{ id: number }>(`INSERT INTO subjects (name) VALUES ('Astronomy') RETURNING id`);
    await t.db.query('INSERT INTO enrolments (student_id, subject_id) VALUES ($1, $2)', [
      t.demo.demoStudentId,
      subject!.id,
    ]);
    const { status, body } = await t.post(
      '/Student/chapters',
      { stud_id: t.demo.demoStudentId, sub_id: subject!.id },
      token,
    );
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
  });

  it('answers a missing sub_id with 400', async () => {
    const { status, body } = await t.post('/Student/chapters', { stud_id: t.demo.demoStudentId }, token);
    expect(status).toBe(400);
    expect(body.message).toMatch(/sub_id/);
  });
});
