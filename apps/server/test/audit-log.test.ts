import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let admin: string;
let teacher: string;
let adminId: number;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.staffTokenFor('admin');
  teacher = await t.staffTokenFor('teacher');
  adminId = (await t.consolePost('/Auth/me', {}, admin)).body.data.staff_id;
  // Changes made through the console, each of which the audit log records.
  expect((await t.consolePost('/AcademicLevels/add', { name: 'Diploma (audit test)' }, admin)).status).toBe(200);
  await t.consolePost('/Students/set_active', { stud_id: t.demo.otherStudentId, active: false }, admin);
  await t.consolePost('/Students/set_active', { stud_id: t.demo.otherStudentId, active: true }, admin);
  const { student } = (await t.consolePost('/Students/get', { stud_id: t.demo.demoStudentId }, admin)).body.data;
  const { active: _active, subject_ids: _subjects, batch_ids: _batches, ...fields } = student;
  expect((await t.consolePost('/Students/update', { ...fields, district: 'Mysuru' }, admin)).status).toBe(200);
});
afterAll(() => t.close());

const list = (body: unknown, token = admin) => t.consolePost('/AuditLog/list', body, token);

describe('the audit log in the console', () => {
  it('lists every change newest first: who, when, what, and the thing before and after', async () => {
    const { status, body } = await list({});
    expect(status).toBe(200);
    const entries = body.data.entries as {
      action: string;
      actor: string;
      at: string;
      entity: string;
      entity_id: string;
      before: any;
      after: any;
    }[];
    expect(entries.slice(0, 4).map((e) => e.action)).toEqual([
      'student.update',
      'student.reactivate',
      'student.deactivate',
      'academic_level.add',
    ]);
    const update = entries[0]!;
    expect(update).toMatchObject({
      actor: expect.stringMatching(/\(admin\)$/),
      entity: 'student',
      entity_id: String(t.demo.demoStudentId),
    });
    expect(update.before.district).not.toBe('Mysuru');
    expect(update.after.district).toBe('Mysuru');
    expect(entries[3]!.before).toBeNull();
    expect(Date.parse(update.at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('filters by staff member, action, entity and day, in combination', async () => {
    const byAdmin = (await list({ staff_id: adminId })).body.data.entries as { actor: string }[];
    expect(byAdmin.length).toBeGreaterThanOrEqual(3);
    expect(byAdmin.every((e) => e.actor.endsWith('(admin)'))).toBe(true);
    expect(
      (await list({ action: 'student.deactivate' })).body.data.entries.map((e: { action: string }) => e.action),
    ).toEqual(['student.deactivate']);
    const oneStudent = (await list({ entity: 'student', entity_id: String(t.demo.otherStudentId) })).body.data.entries;
    expect(oneStudent.map((e: { action: string }) => e.action)).toEqual(['student.reactivate', 'student.deactivate']);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: t.config.INSTITUTE_TIMEZONE }).format(new Date());
    expect((await list({ from: today, to: today, action: 'academic_level.add' })).body.data.entries).toHaveLength(1);
    expect((await list({ to: '2020-01-01' })).body.data.entries).toEqual([]);
  });

  it('pages with the cursor it gives, without a gap or a repeat', async () => {
    const all = (await list({ limit: 100 })).body.data.entries.map((e: { id: number }) => e.id);
    const paged: number[] = [];
    let after: unknown;
    for (let page = 0; page < 20; page++) {
      const { body } = await list({ limit: 2, ...(after ? { after } : {}) });
      paged.push(...body.data.entries.map((e: { id: number }) => e.id));
      after = body.data.next;
      if (!after) break;
    }
    expect(paged).toEqual(all);
  });

  it('is for admins only, and read-only', async () => {
    expect((await list({}, teacher)).status).toBe(403);
    expect((await list({}, await t.tokenFor(t.demo.demoStudentId))).status).toBe(401);
    await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });

  it.each([
    [{ from: '2026-02-30' }, 'from is not a date of the calendar'],
    [{ to: '24/11/2026' }, 'to must be a date written YYYY-MM-DD'],
    [{ after: { at: 'yesterday', id: 1 } }, 'after.at'],
    [{ limit: 0 }, 'limit'],
    [{ staff_id: 'me' }, 'staff_id'],
    [{ who: 'x' }, 'who'],
  ])('refuses %j with a 400 that names the field', async (body, named) => {
    const { status, body: answer } = await list(body);
    expect(status).toBe(400);
    expect(answer.message).toContain(named);
  });
});
