import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let teacher: string;
let student: string;
let physicsId: number;
beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.staffTokenFor('teacher');
  student = await t.tokenFor(t.demo.demoStudentId);
  physicsId = t.demo.subjects.find((s) => s.name === 'Physics')!.id;
});
afterAll(() => t.close());

const call = (path: string, body: unknown) => t.consolePost(path, body, teacher);
const nextYear = new Date().getUTCFullYear() + 1;
const classFields = {
  class_name: 'Vectors, live',
  tutor_name: 'A. Kumar',
  online_url: 'https://meet.example.com/abc',
  duration_minutes: 60,
};

describe('batches and live classes in the console', () => {
  it('schedules a class at 09:00 institute time with weekly repeats, which a student of the batch sees at that time', async () => {
    const batch = (await call('/Batch/save', { subject_id: physicsId, name: 'Evening batch' })).body.data;
    // Staff put the student in the batch on the roster (a batch shows to its students, docs/decisions/048).
    await t.db.query(`INSERT INTO batch_members (student_id, batch_id) VALUES ($1, $2)`, [
      t.demo.demoStudentId,
      batch.id,
    ]);
    const added = await call('/LiveClass/add', {
      batch_id: batch.id,
      ...classFields,
      starts_at: `${nextYear}-03-02T09:00`,
      repeat_weeks: 3,
    });
    expect(added.body.message).toBe('Vectors, live is scheduled 4 times, weekly.');
    // Asia/Kolkata is UTC+5:30: 09:00 there is 03:30 UTC.
    expect(
      added.body.data.added.map((c: { starts_at: string; starts_local: string }) => [c.starts_local, c.starts_at]),
    ).toEqual([
      [`${nextYear}-03-02T09:00`, `${nextYear}-03-02T03:30:00Z`],
      [`${nextYear}-03-09T09:00`, `${nextYear}-03-09T03:30:00Z`],
      [`${nextYear}-03-16T09:00`, `${nextYear}-03-16T03:30:00Z`],
      [`${nextYear}-03-23T09:00`, `${nextYear}-03-23T03:30:00Z`],
    ]);
    const seen = await t.post(
      '/Student/live_classes',
      { stud_id: t.demo.demoStudentId, sub_id: physicsId, batch_id: batch.id },
      student,
    );
    expect(seen.body.data.map((c: { starts_at: string }) => c.starts_at)).toContain(`${nextYear}-03-02T03:30:00Z`);

    const schedule = await call('/Schedule/list', { subject_id: physicsId });
    expect(schedule.body.data.time_zone).toBe('Asia/Kolkata');
    expect(schedule.body.data.batches.find((b: { id: number }) => b.id === batch.id).classes).toHaveLength(4);

    const [first] = added.body.data.added;
    const moved = await call('/LiveClass/save', {
      id: first.id,
      ...classFields,
      tutor_name: 'B. Rao',
      starts_at: `${nextYear}-03-02T10:30`,
    });
    expect(moved.body.data).toMatchObject({
      tutor_name: 'B. Rao',
      starts_local: `${nextYear}-03-02T10:30`,
      starts_at: `${nextYear}-03-02T05:00:00Z`,
    });
    expect((await call('/LiveClass/delete', { id: first.id })).body.message).toBe('Vectors, live is cancelled.');
    expect((await call('/Batch/delete', { id: batch.id })).body.message).toBe(
      'Evening batch still has 3 classes. Delete them first.',
    );

    const actions = await t.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity IN ('batch', 'live_class') ORDER BY id`,
    );
    expect(actions.map((a) => a.action)).toEqual([
      'batch.add',
      'live_class.add',
      'live_class.update',
      'live_class.delete',
    ]);
  });

  it('keeps a repeat at 9:00 on the clock across a daylight-saving change where the zone has one', async () => {
    const app = await startTestApp({ seed: 'courses', env: { INSTITUTE_TIMEZONE: 'Europe/London' } });
    try {
      const token = await app.staffTokenFor('teacher');
      const batch = (
        await app.consolePost('/Batch/save', { subject_id: app.demo.subjects[0]!.id, name: 'London batch' }, token)
      ).body.data;
      const added = await app.consolePost(
        '/LiveClass/add',
        { batch_id: batch.id, ...classFields, starts_at: `${nextYear}-03-20T09:00`, repeat_weeks: 2 },
        token,
      );
      const classes = added.body.data.added as { starts_at: string; starts_local: string }[];
      // Summer time begins on the last Sunday of March, always between the first and the last of these.
      expect(classes.map((c) => c.starts_local)).toEqual([
        `${nextYear}-03-20T09:00`,
        `${nextYear}-03-27T09:00`,
        `${nextYear}-04-03T09:00`,
      ]);
      expect([classes[0]!.starts_at, classes[2]!.starts_at]).toEqual([
        `${nextYear}-03-20T09:00:00Z`,
        `${nextYear}-04-03T08:00:00Z`,
      ]);
    } finally {
      await app.close();
    }
  });

  it.each([
    [{ starts_at: '2026-02-30T09:00' }, 'starts_at is not a real date and time'],
    [{ starts_at: '2026-12-01 09:00' }, 'starts_at must be a date and time like 2026-12-01T09:00'],
    [{ online_url: 'http://meet.example.com/x' }, 'online_url must be an https address'],
    [{ duration_minutes: 0 }, 'duration_minutes must be at least 5'],
    [{ repeat_weeks: 60 }, 'repeat_weeks must be at most 52'],
    [{ class_name: '' }, 'class_name is required'],
  ])('refuses %j with a 400 that names the field, and stores nothing', async (change, message) => {
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM live_classes');
    const answer = await call('/LiveClass/add', {
      batch_id: 1,
      ...classFields,
      starts_at: `${nextYear}-01-05T09:00`,
      ...change,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(message);
    expect(await t.db.query('SELECT count(*)::int AS n FROM live_classes')).toEqual(before);
  });

  it('answers 404 for a batch or class that is not there', async () => {
    expect(
      (await call('/LiveClass/add', { batch_id: 999999, ...classFields, starts_at: `${nextYear}-01-05T09:00` })).status,
    ).toBe(404);
    expect((await call('/LiveClass/delete', { id: 999999 })).status).toBe(404);
    expect((await call('/Schedule/list', { subject_id: 999999 })).status).toBe(404);
  });
});
