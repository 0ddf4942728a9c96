import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PHONE } from '../src/db/seed/courses.ts';
import { MAX_SENDS_PER_NUMBER_AND_ADDRESS } from '../src/one-time-codes/limits.ts';
import { sweepAuth } from '../src/resources/auth/sweep.ts';
import { startTestApp, type TestApp } from './helper.ts';

const outbox: { to: string; text: string }[] = [];
const sms = {
  async send(to: string, text: string) {
    outbox.push({ to, text });
  },
};

let t: TestApp;
let closed: TestApp;
beforeAll(async () => {
  [t, closed] = await Promise.all([
    startTestApp({ seed: 'courses', env: { TRUST_PROXY: 'true' }, sms }),
    startTestApp({ seed: 'courses', env: { REGISTRATION: 'closed' }, sms }),
  ]);
});
afterAll(() => Promise.all([t.close(), closed.close()]));

let address = '';
let addresses = 0;
beforeEach(async () => {
  await t.db.query('DELETE FROM otp_challenges');
  await t.db.query('DELETE FROM registration_requests');
  outbox.length = 0;
  address = `10.1.0.${++addresses}`;
});

async function call(path: string, body: unknown, app = t) {
  const response = await fetch(app.url + app.config.API_BASE + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as any;
  await app.smsSent();
  return { status: response.status, body: answer };
}

const levelId = async (name = 'Class 10') =>
  (await t.db.query<{ id: number }>('SELECT id FROM academic_levels WHERE name = $1', [name]))[0]!.id;

const newNumber = { phone_code: '91', mobile: '9988776655' };
const form = async (overrides: Record<string, unknown> = {}) => ({
  name: 'Kavya Menon',
  guardian: 'Suresh Menon',
  state: 'Kerala',
  district: 'Kochi',
  email: 'kavya@example.com',
  ...newNumber,
  academic_level: await levelId(),
  ...overrides,
});

const lastCode = () => outbox.at(-1)?.text.match(/\b(\d{4})\b/)?.[1] ?? '';
const requests = () =>
  t.db.query<{ name: string; status: string; phone: string; email: string; academic_level_id: number }>(
    'SELECT name, status, phone, email, academic_level_id FROM registration_requests ORDER BY id',
  );

describe('GET /Auth/academic_levels', () => {
  it("lists the institute's active levels in order, without the retired ones", async () => {
    await t.db.query(`UPDATE academic_levels SET active = false WHERE name = 'Class 8'`);
    const { status, body } = await t.get('/Auth/academic_levels');
    expect(status).toBe(200);
    expect(body.data.map((l: { name: string }) => l.name)).toEqual([
      'Class 9',
      'Class 10',
      'Class 11',
      'Class 12',
      'College',
    ]);
    await t.db.query(`UPDATE academic_levels SET active = true WHERE name = 'Class 8'`);
  });
});

describe('GET /Auth/registration', () => {
  it('says whether the form is open, with the contact link', async () => {
    expect((await t.get('/Auth/registration')).body.data).toEqual({
      mode: 'requests',
      contact_link: 'https://wa.me/919000000000',
    });
    expect((await closed.get('/Auth/registration')).body.data.mode).toBe('closed');
  });
});

describe('POST /Auth/signup', () => {
  it('texts a code; the right code files the request for staff and gives no token', async () => {
    const sent = await call('/Auth/signup', await form({ name: '  Kavya Menon ' }));
    expect(sent.status).toBe(200);
    expect(sent.body.data.resend_after).toBe(30);
    expect(outbox).toEqual([
      { to: '+919988776655', text: expect.stringMatching(/^Your portal registration code is \d{4}\./) },
    ]);
    expect(await requests()).toMatchObject([{ name: 'Kavya Menon', status: 'unverified', phone: '+919988776655' }]);

    const wrong = await call('/Auth/verifyOTP', {
      otp_ref: sent.body.data.otp_ref,
      otp: lastCode() === '0000' ? '1111' : '0000',
    });
    expect(wrong.body).toEqual({
      status: false,
      message: 'Wrong code. You have 4 tries left.',
      code: 'code_wrong',
      tries_left: 4,
    });

    const right = await call('/Auth/verifyOTP', { otp_ref: sent.body.data.otp_ref, otp: lastCode() });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({
      status: true,
      message: 'Your request went to the institute. You will get an SMS when you can sign in.',
      data: { request_id: expect.any(Number) },
    });
    expect(right.body.token).toBeUndefined();
    expect(await requests()).toMatchObject([{ status: 'pending' }]);
    const students = await t.db.query('SELECT id FROM students WHERE mobile = $1', [newNumber.mobile]);
    expect(students).toEqual([]);

    const again = await call('/Auth/verifyOTP', { otp_ref: sent.body.data.otp_ref, otp: lastCode() });
    expect(again.body.status).toBe(false);
  });

  it('takes the code of a resend too, after the cool-down', async () => {
    const sent = await call('/Auth/signup', await form());
    await t.db.query(`UPDATE otp_challenges SET created_at = created_at - interval '31 seconds'`);
    const resent = await call('/Auth/resendOTP', { otp_ref: sent.body.data.otp_ref });
    expect(resent.status).toBe(200);
    expect(outbox).toHaveLength(2);
    expect(outbox[1]!.text).toMatch(/registration code/);
    const right = await call('/Auth/verifyOTP', { otp_ref: resent.body.data.otp_ref, otp: lastCode() });
    expect(right.body.status).toBe(true);
    expect(await requests()).toMatchObject([{ status: 'pending' }]);
  });

  it('keeps one waiting request per number: a newer proved request replaces the older', async () => {
    for (const name of ['First Try', 'Second Try']) {
      const sent = await call('/Auth/signup', await form({ name }));
      expect((await call('/Auth/verifyOTP', { otp_ref: sent.body.data.otp_ref, otp: lastCode() })).body.status).toBe(
        true,
      );
    }
    expect(await requests()).toMatchObject([{ name: 'Second Try', status: 'pending' }]);
  });

  it('tells a number that already has an account to sign in, only once the number is proved', async () => {
    const sent = await call('/Auth/signup', await form(DEMO_PHONE));
    // The same answer as for a new number: the form does not reveal who is a student.
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('We sent a code to your mobile number.');
    const verified = await call('/Auth/verifyOTP', { otp_ref: sent.body.data.otp_ref, otp: lastCode() });
    expect(verified.body).toEqual({
      status: false,
      message: 'This number already has an account. Please sign in with it.',
      code: 'already_student',
      sign_in: true,
    });
    expect(await requests()).toEqual([]);
  });

  it('has the same send limits as sign-in', async () => {
    for (let i = 0; i < MAX_SENDS_PER_NUMBER_AND_ADDRESS; i += 1)
      expect((await call('/Auth/signup', await form())).status).toBe(200);
    const refused = await call('/Auth/signup', await form());
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Too many codes were sent to this number\. Please try again in \d+ minutes\.$/,
    );
    // Sign-in to that number is counted by the same caps.
    expect((await call('/Auth/login', newNumber)).status).toBe(429);
    expect(await requests()).toHaveLength(MAX_SENDS_PER_NUMBER_AND_ADDRESS);
  });

  it('refuses each bad field with a 400 that names it, storing and sending nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, 'name: Enter your name.'],
      [{ guardian: '' }, "guardian: Enter your father's or mother's name."],
      [{ state: undefined }, 'state: is required'],
      [{ district: 'x'.repeat(61) }, 'district: Use at most 60 characters.'],
      [{ email: 'kavya@' }, 'email: Enter a valid email address, or leave it empty.'],
      [{ mobile: '98-76' }, 'mobile: The number is too short'],
      [{ mobile: 'call me' }, 'mobile: mobile must be digits'],
      [{ phone_code: '' }, 'phone_code: phone_code must be 1 to 4 digits'],
      [{ academic_level: 'ten' }, 'academic_level:'],
      [{ academic_level: 999_999 }, 'academic_level: Choose one of the listed levels.'],
      [{ stud_id: 1 }, 'unexpected field stud_id'],
    ];
    for (const [overrides, message] of cases) {
      const { status, body } = await call('/Auth/signup', await form(overrides));
      expect(status, JSON.stringify(overrides)).toBe(400);
      expect(body.status).toBe(false);
      expect(body.message).toContain(message);
    }
    expect(await requests()).toEqual([]);
    expect(outbox).toEqual([]);
  });

  it('refuses a retired level', async () => {
    await t.db.query(`UPDATE academic_levels SET active = false WHERE name = 'College'`);
    const { status, body } = await call('/Auth/signup', await form({ academic_level: await levelId('College') }));
    expect(status).toBe(400);
    expect(body.message).toBe('academic_level: Choose one of the listed levels.');
    await t.db.query(`UPDATE academic_levels SET active = true WHERE name = 'College'`);
  });

  it('stores the number in its canonical form, however it was written', async () => {
    const sent = await call('/Auth/signup', await form({ mobile: '099887 76655' }));
    expect(sent.status).toBe(200);
    expect(outbox[0]?.to).toBe('+919988776655');
    await call('/Auth/verifyOTP', { otp_ref: sent.body.data.otp_ref, otp: lastCode() });
    expect(await t.db.query('SELECT phone_code, mobile, phone FROM registration_requests')).toEqual([
      { phone_code: '91', mobile: '9988776655', phone: '+919988776655' },
    ]);
  });

  it('accepts an empty email', async () => {
    expect((await call('/Auth/signup', await form({ email: '' }))).status).toBe(200);
    expect((await requests())[0]!.email).toBe('');
  });

  it('is refused with a clear message when registration is closed', async () => {
    const { status, body } = await call('/Auth/signup', await form(), closed);
    expect(status).toBe(403);
    expect(body).toEqual({
      status: false,
      message: 'The institute is not taking registrations here. Please contact the institute to join.',
      code: 'registration_closed',
    });
    expect(outbox).toEqual([]);
    expect(await closed.db.query('SELECT id FROM registration_requests')).toEqual([]);
  });

  it('sweeps requests whose number was never proved after a day, and keeps waiting ones', async () => {
    await call('/Auth/signup', await form());
    const proved = await call('/Auth/signup', await form({ mobile: '9988776600' }));
    await call('/Auth/verifyOTP', { otp_ref: proved.body.data.otp_ref, otp: lastCode() });
    await t.db.query(`UPDATE registration_requests SET created_at = now() - interval '25 hours'`);
    await sweepAuth(t.db);
    expect(await requests()).toMatchObject([{ status: 'pending', phone: '+919988776600' }]);
  });
});
