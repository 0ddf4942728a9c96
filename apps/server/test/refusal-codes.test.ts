import { REFUSAL_CODES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSession, type TestApp } from './helper.ts';

// Every refusal a student can meet carries a code the student app translates, and the refused field when there is
// one, beside the English message other clients read (docs/decisions/058, issue 34 item 5).

let t: TestApp;
let me: number;
let token: string;
beforeAll(async () => ({ t, me, token } = await startDemoSession()));
afterAll(() => t.close());

const level = async () =>
  (await t.db.query<{ id: number }>('SELECT id FROM academic_levels ORDER BY id LIMIT 1'))[0]!.id;
const form = async (overrides: Record<string, unknown>) => ({
  name: 'Kavya Menon',
  guardian: 'Suresh Menon',
  state: 'Kerala',
  district: 'Kochi',
  email: '',
  phone_code: '91',
  mobile: '9988776655',
  academic_level: await level(),
  ...overrides,
});

describe('a refusal', () => {
  it("of the body's schema names the code invalid_field and the first field refused, keeping the English", async () => {
    const { status, body } = await t.post('/Auth/login', { phone_code: '91', mobile: 'call me' });
    expect(status).toBe(400);
    expect(body).toEqual({
      status: false,
      message: 'mobile: mobile must be digits (spaces and dashes allowed)',
      code: 'invalid_field',
      field: 'mobile',
    });
  });

  it('of a number written wrong says which way it is wrong', async () => {
    const { status, body } = await t.post('/Auth/login', { phone_code: '91', mobile: '98765 432' });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: 'mobile_too_short',
      field: 'mobile',
      message: expect.stringMatching(/^mobile: The number is too short/),
    });
  });

  it('of a registration: a level not offered, a country not texted', async () => {
    const wrongLevel = await t.post('/Auth/signup', await form({ academic_level: 999_999 }));
    expect(wrongLevel).toMatchObject({
      status: 400,
      body: { code: 'academic_level_unknown', field: 'academic_level' },
    });
    const abroad = await t.post('/Auth/signup', await form({ phone_code: '44', mobile: '7400 123456' }));
    expect(abroad).toMatchObject({ status: 400, body: { code: 'mobile_country_not_served', field: 'mobile' } });
  });

  it('of a sign-in that ended, and of a code never sent', async () => {
    const resend = await t.post('/Auth/resendOTP', { otp_ref: 'B'.repeat(22) });
    expect(resend).toMatchObject({ status: 410, body: { status: false, code: 'sign_in_ended' } });
    const verify = await t.post('/Auth/verifyOTP', { otp_ref: 'B'.repeat(22), otp: '1234' });
    expect(verify).toMatchObject({ status: 200, body: { status: false, code: 'code_expired' } });
  });

  it("of an ended session, of another student's id and of a thing not found", async () => {
    expect(await t.post('/Student/subjects', { stud_id: me })).toMatchObject({
      status: 401,
      body: { code: 'signed_out' },
    });
    expect(await t.post('/Student/subjects', { stud_id: me + 1 }, token)).toMatchObject({
      status: 403,
      body: { code: 'not_your_account' },
    });
    expect(await t.post('/Student/get_quiz', { stud_id: me, quiz_id: 999_999 }, token)).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
  });

  // A quiz's refusals (quiz_answer_invalid, quiz_already_taken) are held in quizzes.test.ts.

  it('uses only the codes the contract lists', async () => {
    const answers = await Promise.all([
      t.post('/Auth/login', {}),
      t.post('/Student/no_such_call', {}),
      t.post('/Student/get_profile', { stud_id: me }, 'x'.repeat(30)),
    ]);
    for (const { status, body } of answers) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(REFUSAL_CODES).toContain(body.code);
    }
  });
});
