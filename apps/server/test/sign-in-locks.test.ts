import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PHONE } from '../src/db/seed/courses.ts';
import {
  ADDRESS_WRONG_WINDOW_SECONDS,
  LOCK_WINDOW_SECONDS,
  MAX_WRONG_CODES_PER_ADDRESS_PER_DAY,
  MAX_WRONG_CODES_PER_NUMBER_PER_YEAR,
} from '../src/one-time-codes/limits.ts';
import { startTestApp, type TestApp } from './helper.ts';

// The long-term limits of docs/decisions/040. The clock is the data's: wrong codes are written into the past with
// SQL, so a year of an attacker's patience takes no time to test.

const outbox: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    seed: 'courses',
    env: { TRUST_PROXY: 'true' },
    sms: { send: async (_to, text) => void outbox.push(text) },
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  for (const table of ['otp_challenges', 'wrong_codes', 'number_locks']) await t.db.query(`DELETE FROM ${table}`);
});

const demoNumber = `+${DEMO_PHONE.phone_code}${DEMO_PHONE.mobile}`;
const lastCode = () => outbox.at(-1)?.match(/\b(\d{4})\b/)?.[1] ?? '';
const wrongCode = () => (lastCode() === '0000' ? '1111' : '0000');

async function call(path: string, body: unknown, from: string) {
  const response = await fetch(t.url + t.config.API_BASE + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as any;
  await t.smsSent();
  return { status: response.status, body: answer };
}

/** `count` wrong codes written `secondsAgo` in the past, each from an address of its own unless `from` is given. */
async function pastWrongCodes(count: number, secondsAgo: number, phone: (i: number) => string, from?: string) {
  await t.db.query(
    `INSERT INTO wrong_codes (phone, client_ip, at)
     SELECT ($1::text[])[i], coalesce($2, '172.16.' || (i / 250) || '.' || (i % 250)), now() - make_interval(secs => $3) + make_interval(secs => i)
       FROM generate_series(1, $4) AS i`,
    [[...Array(count).keys()].map((i) => phone(i + 1)), from ?? null, secondsAgo, count],
  );
}

async function guessOnce(from: string) {
  const sent = await call('/Auth/login', DEMO_PHONE, from);
  expect(sent.status).toBe(200);
  return call('/Auth/verifyOTP', { otp_ref: sent.body.data.otp_ref, otp: wrongCode() }, from);
}

const locked =
  /^Sign-in for this number is locked after too many wrong codes\. Please ask the institute to unlock it\.$/;

describe('a number guessed at for a year', () => {
  it(`locks after ${MAX_WRONG_CODES_PER_NUMBER_PER_YEAR} wrong codes from any addresses, until an admin lifts the lock`, async () => {
    await pastWrongCodes(MAX_WRONG_CODES_PER_NUMBER_PER_YEAR - 1, LOCK_WINDOW_SECONDS - 3600, () => demoNumber);
    const last = await guessOnce('10.7.0.1');
    expect(last.body).toEqual({ status: false, message: expect.stringMatching(locked), code: 'number_locked' });

    // Locked for everyone, with no code sent, even once the wrong codes have aged out of the year.
    await t.db.query(`UPDATE wrong_codes SET at = at - interval '2 years'`);
    const elsewhere = await call('/Auth/login', DEMO_PHONE, '10.7.0.2');
    expect(elsewhere).toEqual({
      status: 429,
      body: { status: false, message: expect.stringMatching(locked), code: 'number_locked' },
    });

    const admin = await t.staffTokenFor('admin');
    const list = await t.consolePost('/SignInLocks/list', {}, admin);
    expect(list.body.data.numbers).toEqual([
      { mobile: demoNumber, locked_at: expect.any(String), holder: 'Arjun Sharma' },
    ]);

    const lifted = await t.consolePost('/SignInLocks/unlock', { mobile: '098765 43210' }, admin);
    expect(lifted.body).toEqual({ status: true, message: `Sign-in for ${demoNumber} is unlocked.`, data: null });
    const [entry] = await t.db.query<{ action: string; entity_id: string }>(
      `SELECT action, entity_id FROM audit_log ORDER BY id DESC LIMIT 1`,
    );
    expect(entry).toEqual({ action: 'sign_in.unlock', entity_id: demoNumber });
    expect((await t.consolePost('/SignInLocks/list', {}, admin)).body.data.numbers).toEqual([]);

    const student = await call('/Auth/login', DEMO_PHONE, '10.7.0.2');
    expect(
      (await call('/Auth/verifyOTP', { otp_ref: student.body.data.otp_ref, otp: lastCode() }, '10.7.0.2')).body.status,
    ).toBe(true);
  });

  it('counts only the last year: older wrong codes leave a number open', async () => {
    await pastWrongCodes(MAX_WRONG_CODES_PER_NUMBER_PER_YEAR - 1, LOCK_WINDOW_SECONDS + 3600, () => demoNumber);
    const guess = await guessOnce('10.7.1.1');
    expect(guess.body.message).toMatch(/^Wrong code\. You have 4 tries left\.$/);
  });

  it('answers a lift of a number that is not locked with 404, naming the field', async () => {
    const admin = await t.staffTokenFor('admin');
    const response = await t.consolePost('/SignInLocks/unlock', { mobile: '+91 98765 43210' }, admin);
    expect(response).toEqual({
      status: 404,
      body: { status: false, message: `mobile: ${demoNumber} is not locked.`, code: 'not_found' },
    });
  });
});

describe('one address guessing at many numbers', () => {
  it(`is paused after ${MAX_WRONG_CODES_PER_ADDRESS_PER_DAY} wrong codes in a day, while other addresses go on`, async () => {
    await pastWrongCodes(
      MAX_WRONG_CODES_PER_ADDRESS_PER_DAY - 1,
      ADDRESS_WRONG_WINDOW_SECONDS - 3600,
      (i) => `+9190000${String(i).padStart(5, '0')}`,
      '10.8.0.1',
    );
    const last = await guessOnce('10.8.0.1');
    expect(last.body.message).toMatch(
      /^Too many wrong codes were entered from your network\. Please try again in \d+ minutes?\.$/,
    );
    const again = await call('/Auth/login', DEMO_PHONE, '10.8.0.1');
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/from your network/);
    expect((await call('/Auth/login', DEMO_PHONE, '10.8.0.2')).status).toBe(200);
  });
});
