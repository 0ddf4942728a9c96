import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_SENDS_PER_NUMBER_AND_ADDRESS } from '../src/one-time-codes/limits.ts';
import { startTestApp, type TestApp } from './helper.ts';

const outbox: { to: string; text: string }[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    env: { TRUST_PROXY: 'true' },
    sms: { send: async (to, text) => void outbox.push({ to, text }) },
  });
});
afterAll(() => t.close());

let address = '';
let addresses = 0;
beforeEach(async () => {
  await t.db.query('DELETE FROM otp_challenges');
  outbox.length = 0;
  address = `10.1.0.${++addresses}`;
});

async function call(base: 'console' | 'api', path: string, body: unknown, token?: string) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Forwarded-For': address };
  if (token) headers.Token = token;
  const prefix = base === 'console' ? t.config.CONSOLE_API_BASE : t.config.API_BASE;
  const response = await fetch(t.url + prefix + path, { method: 'POST', headers, body: JSON.stringify(body) });
  const answer = (await response.json()) as any;
  await t.smsSent();
  return { status: response.status, body: answer };
}
const lastCode = () => outbox.at(-1)?.text.match(/\b(\d{4})\b/)?.[1] ?? '';

/** Signs a staff member in through the console's two calls; answers the verify call's result. */
async function staffSignIn(mobile: string) {
  const sent = await call('console', '/Auth/login', { mobile });
  expect(sent.status).toBe(200);
  return call('console', '/Auth/verifyOTP', { otp_ref: sent.body.data.otp_ref, otp: lastCode() });
}

describe('staff sign-in', () => {
  it('signs the demo admin in with the texted code, however the number is written, and knows their role', async () => {
    const verified = await staffSignIn('098111 00001');
    expect(outbox.map((m) => m.to)).toEqual(['+919811100001']);
    expect(outbox[0]!.text).toMatch(/\b\d{4}\b/);
    expect(verified.body).toMatchObject({
      status: true,
      data: { name: 'Asha Admin', role: 'admin', mobile: '+919811100001' },
    });
    const me = await call('console', '/Auth/me', {}, verified.body.token);
    expect(me.body.data).toMatchObject({ role: 'admin', active: true });
  });

  it('answers a number that is not staff the same way, without texting it', async () => {
    const student = await call('console', '/Auth/login', { mobile: '+91 98765 43210' });
    expect(student.status).toBe(200);
    expect(student.body.message).toBe('If this number belongs to a staff member, we sent it a code.');
    expect(outbox).toEqual([]);
  });

  it('refuses a malformed number with a message that names the field', async () => {
    const response = await call('console', '/Auth/login', { mobile: '12ab' });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^mobile: /);
  });

  it("applies the students' limits to staff numbers: the sixth code in an hour from one address is refused", async () => {
    for (let i = 0; i < MAX_SENDS_PER_NUMBER_AND_ADDRESS; i++) {
      await t.db.query(`UPDATE otp_challenges SET created_at = created_at - interval '1 minute'`);
      expect((await call('console', '/Auth/login', { mobile: '+919811100002' })).status).toBe(200);
    }
    const refused = await call('console', '/Auth/login', { mobile: '+919811100002' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many codes were sent to this number/);
  });

  it('keeps the two doors apart: a staff token is refused on Student/* and a student token on console calls', async () => {
    const staffToken = (await staffSignIn('+919811100001')).body.token as string;
    const profile = await call('api', '/Student/get_profile', { stud_id: t.demo.demoStudentId }, staffToken);
    expect(profile.status).toBe(401);
    const studentToken = await t.tokenFor(t.demo.demoStudentId);
    expect((await call('console', '/Auth/me', {}, studentToken)).status).toBe(401);
    expect((await call('console', '/Members/list', {}, studentToken)).status).toBe(401);
  });

  it("does not let a student's code open the console, nor a staff code the student app", async () => {
    const studentSent = await call('api', '/Auth/login', { phone_code: '91', mobile: '9876543210' });
    const atConsole = await call('console', '/Auth/verifyOTP', {
      otp_ref: studentSent.body.data.otp_ref,
      otp: lastCode(),
    });
    expect(atConsole.body).toEqual({ status: false, message: 'This code has expired. Please ask for a new code.' });
    // The refusal did not use the code up: the student still signs in with it.
    const atStudent = await call('api', '/Auth/verifyOTP', { otp_ref: studentSent.body.data.otp_ref, otp: lastCode() });
    expect(atStudent.body.status).toBe(true);

    const staffSent = await call('console', '/Auth/login', { mobile: '+919811100001' });
    const wrongDoor = await call('api', '/Auth/verifyOTP', { otp_ref: staffSent.body.data.otp_ref, otp: lastCode() });
    expect(wrongDoor.body.status).toBe(false);
    expect((await call('api', '/Auth/resendOTP', { otp_ref: staffSent.body.data.otp_ref })).status).toBe(410);
  });

  it('ends a session at logout', async () => {
    const token = (await staffSignIn('+919811100002')).body.token as string;
    expect((await call('console', '/Auth/logout', {}, token)).status).toBe(200);
    expect((await call('console', '/Auth/me', {}, token)).status).toBe(401);
  });
});
