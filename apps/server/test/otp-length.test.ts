import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { DEMO_PHONE } from '../src/db/seed/courses.ts';
import { startTestApp, type TestApp } from './helper.ts';

const outbox: string[] = [];
const lastCode = () => /(?<!\d)(\d+)(?!\d)/.exec(outbox.at(-1) ?? '')?.[1] ?? '';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { OTP_LENGTH: '6' }, sms: { send: async (_to, text) => void outbox.push(text) } });
});
afterAll(() => t.close());

describe('OTP_LENGTH=6', () => {
  it('texts a student six digits, says so in the answer, and signs in with them', async () => {
    const login = await t.post('/Auth/login', DEMO_PHONE);
    expect(login.body.data).toMatchObject({ otp_length: 6 });
    expect(lastCode()).toMatch(/^\d{6}$/);
    const signedIn = await t.post('/Auth/verifyOTP', { otp_ref: login.body.data.otp_ref, otp: lastCode() });
    expect(signedIn.body).toMatchObject({ status: true, token: expect.any(String) });
  });

  it('takes a code of another length as a wrong code, not a crash, and keeps the right one working', async () => {
    const login = await t.post('/Auth/login', DEMO_PHONE);
    const code = lastCode();
    const short = await t.post('/Auth/verifyOTP', { otp_ref: login.body.data.otp_ref, otp: code.slice(0, 4) });
    expect(short.body).toMatchObject({ status: false, tries_left: 4 });
    const right = await t.post('/Auth/verifyOTP', { otp_ref: login.body.data.otp_ref, otp: code });
    expect(right.body).toMatchObject({ status: true });
  });

  it('gives staff six digits too', async () => {
    const login = await t.consolePost('/Auth/login', { mobile: '+91 98111 00001' });
    expect(login.body.data).toMatchObject({ otp_length: 6 });
    const signedIn = await t.consolePost('/Auth/verifyOTP', { otp_ref: login.body.data.otp_ref, otp: lastCode() });
    expect(signedIn.body).toMatchObject({ status: true, token: expect.any(String) });
  });

  it('is refused at start outside 4 to 8 digits', () => {
    expect(() => loadConfig({ OTP_LENGTH: '3' })).toThrow(/OTP_LENGTH: must be 4 to 8/);
    expect(() => loadConfig({ OTP_LENGTH: '9' })).toThrow(/OTP_LENGTH: must be 4 to 8/);
    expect(loadConfig({}).OTP_LENGTH).toBe(4);
  });
});
