import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startTestApp, type TestApp } from './helper.ts';
import { loopback, postFrom } from './from-address.ts';

// Issue 32: a flood of signups must not spend the institute's SMS (docs/decisions/047). Each client is a loopback
// source address of its own (from-address.ts); the server trusts no X-Forwarded-For here.

const outbox: { to: string; text: string }[] = [];
const metricsToken = 'metrics-token-for-the-tests';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    seed: 'courses',
    env: { METRICS_TOKEN: metricsToken },
    sms: {
      async send(to, text) {
        outbox.push({ to, text });
      },
    },
  });
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.query('DELETE FROM otp_challenges');
  await t.db.query('DELETE FROM registration_requests');
  await t.db.query('DELETE FROM registration_budget_refusals');
  outbox.length = 0;
});

let level = 0;
beforeAll(async () => {
  level = (await t.db.query<{ id: number }>(`SELECT id FROM academic_levels WHERE name = 'Class 10'`))[0]!.id;
});

const form = (phone_code: string, mobile: string) => ({
  name: 'Kavya Menon',
  guardian: 'Suresh Menon',
  state: 'Kerala',
  district: 'Kochi',
  email: '',
  phone_code,
  mobile,
  academic_level: level,
});

const signupFrom = async (from: string, phone_code: string, mobile: string) => {
  const answer = await postFrom(from, `${t.url}${t.config.API_BASE}/Auth/signup`, form(phone_code, mobile));
  await t.smsSent();
  return answer;
};

/** Numbers of other countries, as the flood used them: premium rate, satellite, Somalia, Jamaica (+1). */
const foreign: [string, string][] = [
  ['979', '123456789'],
  ['881', '612345678'],
  ['252', '612345678'],
  ['1', '8762101234'],
];

describe('Auth/signup under a flood', () => {
  it('texts at most the hourly budget of codes when 200 signups come from 40 addresses at once, and no foreign number', async () => {
    const signups = Array.from({ length: 200 }, (_, i) => {
      const from = loopback(10 + (i % 40));
      // Every fifth a foreign number, the rest Indian mobiles of their own.
      const [code, mobile] =
        i % 5 === 4 ? foreign[((i / 5) % foreign.length) | 0]! : ['91', `98${String(i).padStart(8, '0')}`];
      return signupFrom(from, code, mobile);
    });
    const answers = await Promise.all(signups);
    await t.smsSent();

    const sent = outbox.length;
    console.log(
      `codes sent in the flood (200 signups from 40 addresses, 40 of them foreign): ${sent}; to foreign numbers: ${outbox.filter((m) => !m.to.startsWith('+91')).length}`,
    );
    expect(sent).toBeLessThanOrEqual(50);
    expect(sent).toBe(t.config.REGISTRATION_SMS_PER_HOUR);
    expect(outbox.filter((m) => !m.to.startsWith('+91'))).toEqual([]);

    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(sent);
    expect(statuses.filter((s) => s === 400)).toHaveLength(40);
    expect(statuses.filter((s) => s === 429)).toHaveLength(160 - sent);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body).toEqual({
      status: false,
      message: expect.stringMatching(
        /^The institute has sent all the registration codes it can this hour\. Please try again in \d+ minutes?, or contact the institute\.$/,
      ),
      code: 'registration_budget_spent',
    });
    // A refused signup leaves no request behind for staff.
    const [requests] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM registration_requests');
    expect(requests!.n).toBe(sent);
  });

  it('says where codes go when a number of another country is refused, and stores nothing', async () => {
    for (const [code, mobile] of foreign) {
      const answer = await signupFrom(loopback(60), code, mobile);
      expect(answer).toMatchObject({
        status: 400,
        body: {
          status: false,
          message:
            'mobile: We can text a registration code only to a mobile number of India. Please contact the institute to join.',
        },
      });
    }
    expect(outbox).toEqual([]);
    expect(await t.db.query('SELECT id FROM registration_requests')).toEqual([]);
    expect(await t.db.query('SELECT id FROM otp_challenges')).toEqual([]);
  });

  it('keeps to the daily budget too: a day of codes already sent refuses the next signup until the oldest is a day old', async () => {
    await t.db.query(
      `INSERT INTO otp_challenges (ref_hash, audience, phone, client_ip, code_hash, expires_at, created_at)
       SELECT 'old-' || g, 'registration', '+9198' || lpad(g::text, 8, '0'), '127.0.0.70', 'x', now(), now() - interval '20 hours'
         FROM generate_series(1, $1::int) AS g`,
      [t.config.REGISTRATION_SMS_PER_DAY],
    );
    const answer = await signupFrom(loopback(61), '91', '9988776655');
    expect(answer).toEqual({
      status: 429,
      cookies: [],
      body: {
        status: false,
        message:
          'The institute has sent all the registration codes it can today. Please try again in 4 hours, or contact the institute.',
        code: 'registration_budget_spent',
      },
    });
    expect(outbox).toEqual([]);
  });

  it("tells the admin's Overview and /metrics that the budget was hit", async () => {
    const admin = await t.staffTokenFor('admin');
    const before = await t.consolePost('/RegistrationBudget/status', {}, admin);
    expect(before.body.data).toEqual({
      per_hour: 30,
      per_day: 200,
      sent_last_hour: 0,
      sent_last_day: 0,
      refused_last_day: 0,
      last_refused_at: null,
    });

    for (let i = 0; i < t.config.REGISTRATION_SMS_PER_HOUR + 3; i++)
      await signupFrom(loopback(20 + (i % 10)), '91', `97${String(i).padStart(8, '0')}`);

    const after = await t.consolePost('/RegistrationBudget/status', {}, admin);
    expect(after.body.data).toMatchObject({
      sent_last_hour: 30,
      sent_last_day: 30,
      refused_last_day: 3,
      last_refused_at: expect.any(String),
    });
    expect(Date.now() - Date.parse(after.body.data.last_refused_at)).toBeLessThan(10 * 60_000);
    // Admins only: a teacher's Overview does not show it.
    expect((await t.consolePost('/RegistrationBudget/status', {}, await t.staffTokenFor('teacher'))).status).toBe(403);

    const metrics = await fetch(`${t.url}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } });
    expect(await metrics.text()).toMatch(/^portal_registration_budget_refusals_total\{window="hour"\} [1-9]\d*$/m);
  });
});

describe('SMS_COUNTRIES', () => {
  it('is DEFAULT_COUNTRY unless set, takes two-letter codes in any case, and names a wrong one', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).SMS_COUNTRIES).toEqual(['IN']);
    expect(loadConfig({ NODE_ENV: 'test', DEFAULT_COUNTRY: 'NP' }).SMS_COUNTRIES).toEqual(['NP']);
    expect(loadConfig({ NODE_ENV: 'test', SMS_COUNTRIES: 'in, np' }).SMS_COUNTRIES).toEqual(['IN', 'NP']);
    expect(() => loadConfig({ NODE_ENV: 'test', SMS_COUNTRIES: 'IN,XX' })).toThrow(
      'SMS_COUNTRIES: "XX" is not a two-letter country code such as IN',
    );
    expect(() => loadConfig({ NODE_ENV: 'test', REGISTRATION_SMS_PER_HOUR: '0' })).toThrow(
      'REGISTRATION_SMS_PER_HOUR: must be a whole number of at least 1',
    );
  });
});
