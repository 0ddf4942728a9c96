import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startTestApp, type TestApp } from './helper.ts';

const outbox: { to: string; text: string }[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: 'courses', sms: { send: async (to, text) => void outbox.push({ to, text }) } });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.query('DELETE FROM otp_challenges');
  outbox.length = 0;
});

describe('signing in with the number written any common way', () => {
  it.each(['9876543210', '09876543210', '919876543210', '098765 43210', '98765-43210', '+91 98765 43210'])(
    'finds the demo student from %j and texts the canonical number',
    async (mobile) => {
      const login = await t.post('/Auth/login', { phone_code: '91', mobile });
      expect(login.status).toBe(200);
      expect(outbox).toEqual([{ to: '+919876543210', text: expect.stringContaining('sign-in code') }]);
      const [challenge] = await t.db.query<{ phone: string; student_id: number }>(
        'SELECT phone, student_id FROM otp_challenges',
      );
      expect(challenge).toEqual({ phone: '+919876543210', student_id: t.demo.demoStudentId });
    },
  );

  it.each([
    ['98765 4321', 'too short', 'mobile_too_short'],
    ['98765 43210 1', 'too long', 'mobile_too_long'],
    ['22 2345 6789', 'not a mobile number', 'mobile_not_mobile'],
  ])('refuses %j with a 400 that says why, in words and as a code, and sends nothing', async (mobile, reason, code) => {
    const login = await t.post('/Auth/login', { phone_code: '91', mobile });
    expect(login.status).toBe(400);
    expect(login.body).toEqual({ status: false, message: expect.stringContaining(reason), code, field: 'mobile' });
    expect(outbox).toEqual([]);
  });
});

describe('the migration to canonical numbers', () => {
  it('rewrites numbers typed by hand and leaves one that would collide as written', async () => {
    const insert = (name: string, code: string, mobile: string) =>
      t.db.query<{ id: number }>('INSERT INTO students (name, phone_code, mobile) VALUES ($1, $2, $3) RETURNING id', [
        name,
        code,
        mobile,
      ]);
    const [spaced] = await insert('Spaced', '91', '098765 11111');
    const [prefixed] = await insert('Prefixed', '+91', '91-98765-22222');
    const [duplicate] = await insert('Duplicate of the demo student', '91', '098765 43210');
    const sql = await readFile(new URL('../src/db/migrations/020_canonical_mobiles.sql', import.meta.url), 'utf8');
    await t.db.query(
      sql
        .replace(/^--.*$/gm, '')
        .trim()
        .replace(/;$/, ''),
    );

    const rows = await t.db.query<{ id: number; phone_code: string; mobile: string }>(
      'SELECT id, phone_code, mobile FROM students WHERE id = ANY($1) ORDER BY id',
      [[spaced!.id, prefixed!.id, duplicate!.id, t.demo.demoStudentId]],
    );
    expect(rows).toEqual([
      { id: t.demo.demoStudentId, phone_code: '91', mobile: '9876543210' },
      { id: spaced!.id, phone_code: '91', mobile: '9876511111' },
      { id: prefixed!.id, phone_code: '91', mobile: '9876522222' },
      { id: duplicate!.id, phone_code: '91', mobile: '098765 43210' },
    ]);
    await t.db.query('DELETE FROM students WHERE id = ANY($1)', [[spaced!.id, prefixed!.id, duplicate!.id]]);
  });
});

describe('DEFAULT_COUNTRY', () => {
  it('is India unless set, and must be a known two-letter country code', () => {
    expect(loadConfig({}).DEFAULT_COUNTRY).toBe('IN');
    expect(loadConfig({ DEFAULT_COUNTRY: 'GB' }).DEFAULT_COUNTRY).toBe('GB');
    expect(() => loadConfig({ DEFAULT_COUNTRY: 'India' })).toThrow(
      /DEFAULT_COUNTRY: must be a two-letter country code/,
    );
  });
});
