import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.staffTokenFor('admin');
});
afterAll(() => t.close());

const auditRows = () =>
  t.db.query<{ actor: string; action: string; entity: string; entity_id: string; before: any; after: any }>(
    'SELECT actor, action, entity, entity_id, before, after FROM audit_log ORDER BY id',
  );

let auditBefore = 0;
beforeEach(async () => {
  auditBefore = (await auditRows()).length;
});
const newAudit = async () => (await auditRows()).slice(auditBefore);

describe('staff management', () => {
  it('adds a teacher with the number stored in E.164, and records who did it', async () => {
    const added = await t.consolePost(
      '/Members/add',
      { name: ' Meera Iyer ', mobile: '98450-12345', role: 'teacher' },
      admin,
    );
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      name: 'Meera Iyer',
      mobile: '+919845012345',
      role: 'teacher',
      active: true,
    });
    const list = await t.consolePost('/Members/list', {}, admin);
    expect(list.body.data.staff.map((s: { name: string }) => s.name)).toContain('Meera Iyer');
    const [entry, ...rest] = await newAudit();
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ actor: 'Asha Admin (admin)', action: 'staff.add', entity: 'staff', before: null });
    expect(entry!.after).toMatchObject({ name: 'Meera Iyer', role: 'teacher' });
  });

  it('refuses a number that is already staff, and a bad one, naming the field; nothing is recorded', async () => {
    const twice = await t.consolePost(
      '/Members/add',
      { name: 'Again', mobile: '+91 98111 00002', role: 'admin' },
      admin,
    );
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/^mobile: \+919811100002 already belongs to a staff member/);
    const bad = await t.consolePost('/Members/add', { name: 'X', mobile: '12345', role: 'teacher' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^mobile: /);
    const noRole = await t.consolePost('/Members/add', { name: 'X', mobile: '9845012399', role: 'owner' }, admin);
    expect(noRole.status).toBe(400);
    expect(noRole.body.message).toMatch(/^role: /);
    expect(await newAudit()).toEqual([]);
  });

  it('deactivates a teacher: their open session ends at once, sign-in sends no code, and reactivation restores it', async () => {
    const added = await t.consolePost(
      '/Members/add',
      { name: 'Ravi', mobile: '+919845000111', role: 'teacher' },
      admin,
    );
    const id = added.body.data.staff_id as number;
    const ravi = await createToken(id);
    expect((await t.consolePost('/Auth/me', {}, ravi)).status).toBe(200);

    const off = await t.consolePost('/Members/update', { staff_id: id, active: false }, admin);
    expect(off.body.data.active).toBe(false);
    expect((await t.consolePost('/Auth/me', {}, ravi)).status).toBe(401);

    const on = await t.consolePost('/Members/update', { staff_id: String(id), active: true }, admin);
    expect(on.body.data.active).toBe(true);
    // Ended sessions stay ended: reactivation lets them sign in again, it does not revive old tokens.
    expect((await t.consolePost('/Auth/me', {}, ravi)).status).toBe(401);
    expect((await newAudit()).map((e) => e.action)).toEqual(['staff.add', 'staff.deactivate', 'staff.reactivate']);
  });

  it('changes a role, recording before and after', async () => {
    const added = await t.consolePost(
      '/Members/add',
      { name: 'Promoted', mobile: '+919845000222', role: 'teacher' },
      admin,
    );
    const id = added.body.data.staff_id as number;
    const changed = await t.consolePost('/Members/update', { staff_id: id, role: 'admin' }, admin);
    expect(changed.body.data.role).toBe('admin');
    const last = (await newAudit()).at(-1)!;
    expect(last).toMatchObject({
      action: 'staff.update',
      entity_id: String(id),
      before: { role: 'teacher' },
      after: { role: 'admin' },
    });
  });

  it('keeps one active admin: the last cannot be demoted or deactivated, and nobody deactivates themselves', async () => {
    const [{ id: me }] = (await t.db.query<{ id: number }>(`SELECT id FROM staff WHERE name = 'Asha Admin'`)) as [
      { id: number },
    ];
    const self = await t.consolePost('/Members/update', { staff_id: me, active: false }, admin);
    expect(self.status).toBe(409);
    await t.db.query(`UPDATE staff SET active = false WHERE role = 'admin' AND id <> $1`, [me]);
    const demote = await t.consolePost('/Members/update', { staff_id: me, role: 'teacher' }, admin);
    expect(demote.status).toBe(409);
    expect(demote.body.message).toMatch(/at least one active admin/);
  });

  it('answers 404 for a staff member that does not exist', async () => {
    const response = await t.consolePost('/Members/update', { staff_id: 999999, role: 'teacher' }, admin);
    expect(response.status).toBe(404);
  });

  it('keeps the audit log append-only, even for the database owner', async () => {
    await expect(t.db.query(`UPDATE audit_log SET actor = 'someone else'`)).rejects.toThrow(/append-only/);
    await expect(t.db.query(`DELETE FROM audit_log`)).rejects.toThrow(/append-only/);
  });
});

async function createToken(staffId: number) {
  const { createStaffSession } = await import('../src/sessions/session-repository.ts');
  return createStaffSession(t.db, staffId, 1);
}
