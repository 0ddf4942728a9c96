import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PHONE } from '../src/db/seed/courses.ts';
import {
  MAX_FAILURES_PER_NUMBER,
  MAX_SENDS_PER_ADDRESS,
  MAX_SENDS_PER_NUMBER,
  MAX_SENDS_PER_NUMBER_AND_ADDRESS,
  MAX_TRIES_PER_CODE,
  RESEND_COOLDOWN_SECONDS,
} from '../src/one-time-codes/limits.ts';
import { claimTry, consumeChallenge, findChallenge } from '../src/one-time-codes/challenge-repository.ts';
import { hashOtpRef } from '../src/one-time-codes/otp-codes.ts';
import { serverSecret } from '../src/server-secret.ts';
import { verifyCode } from '../src/one-time-codes/verify-code.ts';
import { sweepAuth } from '../src/resources/auth/sweep.ts';
import { startTestApp, type TestApp } from './helper.ts';

interface Sent {
  to: string;
  text: string;
}
const outbox: Sent[] = [];
let failSends = false;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    seed: 'courses',
    env: { TRUST_PROXY: 'true' },
    sms: {
      async send(to, text) {
        if (failSends) throw new Error('gateway down');
        outbox.push({ to, text });
      },
    },
  });
});
afterAll(() => t.close());

// Every test starts with no sign-in history and from an address of its own.
let address = '';
let addresses = 0;
beforeEach(async () => {
  await t.db.query('DELETE FROM otp_challenges');
  await t.db.query('DELETE FROM wrong_codes');
  await t.db.query('DELETE FROM number_locks');
  outbox.length = 0;
  failSends = false;
  address = `10.0.0.${++addresses}`;
});

/** POSTs over real HTTP from `address` (the server trusts X-Forwarded-For in this file). */
async function call(path: string, body: unknown, options: { token?: string; from?: string } = {}) {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'X-Forwarded-For': options.from ?? address,
  };
  if (options.token) headers.Token = options.token;
  const response = await fetch(t.url + t.config.API_BASE + path, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const answer = (await response.json()) as any;
  await t.smsSent();
  return { status: response.status, body: answer };
}

const lastCode = () => outbox.at(-1)?.text.match(/\b(\d{4})\b/)?.[1] ?? '';
const wrongCode = (code: string) => (code === '0000' ? '1111' : '0000');

async function askCode(phone: { phone_code: string; mobile: string } = DEMO_PHONE, from?: string) {
  const response = await call('/Auth/login', phone, { from });
  expect(response.status).toBe(200);
  return response.body.data.otp_ref as string;
}

/** Moves a sign-in back in time, as if it had been sent `seconds` ago. */
const age = (seconds: number) =>
  t.db.query(`UPDATE otp_challenges SET created_at = created_at - make_interval(secs => $1)`, [seconds]);

describe('signing in with a code', () => {
  it('texts a four-digit code and signs in with it, answering the student and a working token', async () => {
    const login = await call('/Auth/login', DEMO_PHONE);
    expect(login).toMatchObject({
      status: 200,
      body: { status: true, data: { resend_after: RESEND_COOLDOWN_SECONDS } },
    });
    expect(login.body.data.otp_ref).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(outbox).toEqual([
      {
        to: '+919876543210',
        text: expect.stringMatching(/^Your portal sign-in code is \d{4}\. It expires in 5 minutes\.$/),
      },
    ]);

    const verify = await call('/Auth/verifyOTP', { otp_ref: login.body.data.otp_ref, otp: lastCode() });
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({
      status: true,
      message: 'Login successful',
      data: { stud_id: t.demo.demoStudentId, name: 'Arjun Sharma' },
    });
    const profile = await call('/Student/get_profile', { stud_id: t.demo.demoStudentId }, { token: verify.body.token });
    expect(profile.status).toBe(200);
  });

  it('stores neither the code nor the reference in the clear', async () => {
    const ref = await askCode();
    const rows = await t.db.query<{ ref_hash: string; code_hash: string }>(
      'SELECT ref_hash, code_hash FROM otp_challenges',
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(ref);
    // A keyed hash, not the code (four digits may turn up inside any long hash by chance, so no substring check).
    expect(rows[0]!.code_hash).not.toBe(lastCode());
    expect(rows[0]!.code_hash.length).toBeGreaterThanOrEqual(32);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers an unknown number exactly like a registered one, and texts nothing', async () => {
    const known = await call('/Auth/login', DEMO_PHONE);
    outbox.length = 0;
    const unknown = await call('/Auth/login', { phone_code: '91', mobile: '9000000001' });
    expect(unknown.status).toBe(known.status);
    expect(Object.keys(unknown.body.data).sort()).toEqual(Object.keys(known.body.data).sort());
    expect({ ...unknown.body, data: { ...unknown.body.data, otp_ref: '' } }).toEqual({
      ...known.body,
      data: { ...known.body.data, otp_ref: '' },
    });
    expect(outbox).toEqual([]);
    const verify = await call('/Auth/verifyOTP', { otp_ref: unknown.body.data.otp_ref, otp: '1234' });
    expect(verify.body).toEqual({
      status: false,
      message: `Wrong code. You have ${MAX_TRIES_PER_CODE - 1} tries left.`,
      code: 'code_wrong',
      tries_left: MAX_TRIES_PER_CODE - 1,
    });
  });

  it('refuses a wrong code with HTTP 200, status false and the tries left', async () => {
    const ref = await askCode();
    const response = await call('/Auth/verifyOTP', { otp_ref: ref, otp: wrongCode(lastCode()) });
    expect(response).toEqual({
      status: 200,
      body: { status: false, message: 'Wrong code. You have 4 tries left.', code: 'code_wrong', tries_left: 4 },
    });
  });

  it('refuses an expired code', async () => {
    const ref = await askCode();
    await t.db.query(`UPDATE otp_challenges SET expires_at = now() - interval '1 second'`);
    const response = await call('/Auth/verifyOTP', { otp_ref: ref, otp: lastCode() });
    expect(response).toEqual({
      status: 200,
      body: { status: false, message: 'This code has expired. Please ask for a new code.', code: 'code_expired' },
    });
  });

  it('lets a code work only once', async () => {
    const ref = await askCode();
    const code = lastCode();
    expect((await call('/Auth/verifyOTP', { otp_ref: ref, otp: code })).body.status).toBe(true);
    const again = await call('/Auth/verifyOTP', { otp_ref: ref, otp: code });
    expect(again.body).toEqual({
      status: false,
      message: 'This code has already been used. Please ask for a new code.',
      code: 'code_used',
    });
  });

  it('kills a code after 5 wrong tries, even when the right code follows', async () => {
    const ref = await askCode();
    const code = lastCode();
    const messages = [];
    for (let i = 0; i < MAX_TRIES_PER_CODE; i++)
      messages.push((await call('/Auth/verifyOTP', { otp_ref: ref, otp: wrongCode(code) })).body.message);
    expect(messages.at(-2)).toBe('Wrong code. You have 1 try left.');
    expect(messages.at(-1)).toBe('Too many wrong tries for this code. Please ask for a new code.');
    const right = await call('/Auth/verifyOTP', { otp_ref: ref, otp: code });
    expect(right.body).toEqual({
      status: false,
      message: 'Too many wrong tries for this code. Please ask for a new code.',
      code: 'code_out_of_tries',
    });
  });

  it('counts wrong codes per number across resends and then pauses that address, while the student elsewhere still gets a code', async () => {
    let ref = await askCode();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < MAX_TRIES_PER_CODE; i++)
        await call('/Auth/verifyOTP', { otp_ref: ref, otp: wrongCode(lastCode()) });
      if (round === 0) {
        await age(RESEND_COOLDOWN_SECONDS);
        const resent = await call('/Auth/resendOTP', { otp_ref: ref });
        expect(resent.status).toBe(200);
        ref = resent.body.data.otp_ref;
      }
    }
    const again = await call('/Auth/login', DEMO_PHONE);
    expect(again.status).toBe(429);
    expect(again.body).toEqual({
      status: false,
      message: expect.stringMatching(
        /^Too many wrong codes were entered for this number\. Please try again in \d+ minutes?\.$/,
      ),
      code: 'too_many_wrong_codes_number',
    });
    const student = await call('/Auth/login', DEMO_PHONE, { from: '10.9.9.9' });
    expect(student.status).toBe(200);
    expect(
      (await call('/Auth/verifyOTP', { otp_ref: student.body.data.otp_ref, otp: lastCode() }, { from: '10.9.9.9' }))
        .body.status,
    ).toBe(true);
  });

  it('resets the counts after a successful sign-in', async () => {
    const ref = await askCode();
    await call('/Auth/verifyOTP', { otp_ref: ref, otp: wrongCode(lastCode()) });
    await call('/Auth/verifyOTP', { otp_ref: ref, otp: lastCode() });
    for (let i = 0; i < MAX_SENDS_PER_NUMBER_AND_ADDRESS; i++) await askCode();
  });

  it('makes two parallel submissions of the right code sign in only once', async () => {
    const countSessions = async () =>
      (
        await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM sessions WHERE student_id = $1', [
          t.demo.demoStudentId,
        ])
      )[0]!.count;
    const before = await countSessions();
    const ref = await askCode();
    const code = lastCode();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call('/Auth/verifyOTP', { otp_ref: ref, otp: code })),
    );
    expect(answers.filter((a) => a.body.status === true)).toHaveLength(1);
    expect(answers.filter((a) => a.body.status === false)).toHaveLength(3);
    expect(await countSessions()).toBe(before + 1);
  });

  it('lets only one of two overlapping checks of the right code sign in', async () => {
    // The interleaving parallel requests may or may not hit, made certain: both take a try, then both consume.
    const ref = await askCode();
    const { id } = (await findChallenge(t.db, hashOtpRef(ref)))!;
    expect(await claimTry(t.db, id, MAX_TRIES_PER_CODE)).toBeDefined();
    expect(await claimTry(t.db, id, MAX_TRIES_PER_CODE)).toBeDefined();
    expect(await consumeChallenge(t.db, id)).toBe(true);
    expect(await consumeChallenge(t.db, id)).toBe(false);
  });

  it('keeps to the per-number cap of wrong codes when guesses at a fresh code arrive together', async () => {
    // One wrong code short of the cap, spread over two codes, then a third code guessed at in parallel.
    let ref = await askCode();
    for (let i = 0; i < MAX_FAILURES_PER_NUMBER - 1; i++) {
      if (i === MAX_TRIES_PER_CODE) {
        await age(RESEND_COOLDOWN_SECONDS);
        ref = (await call('/Auth/resendOTP', { otp_ref: ref })).body.data.otp_ref;
      }
      await call('/Auth/verifyOTP', { otp_ref: ref, otp: wrongCode(lastCode()) });
    }
    await age(RESEND_COOLDOWN_SECONDS);
    ref = (await call('/Auth/resendOTP', { otp_ref: ref })).body.data.otp_ref;
    const secret = serverSecret(t.config.AUTH_SECRET);
    await Promise.all(
      Array.from({ length: MAX_TRIES_PER_CODE }, () =>
        verifyCode(t.db, secret, { otpRef: ref, otp: wrongCode(lastCode()), clientIp: address }, ['student']),
      ),
    );
    const [row] = await t.db.query<{ failures: number }>('SELECT sum(failures)::int AS failures FROM otp_challenges');
    expect(row!.failures).toBe(MAX_FAILURES_PER_NUMBER);
  });

  it('never compares more than 5 guesses of one code, even in parallel', async () => {
    const ref = await askCode();
    const guesses = Array.from({ length: 12 }, (_, i) => String(i).padStart(4, '0'))
      .filter((g) => g !== lastCode())
      .slice(0, 10);
    await Promise.all(guesses.map((otp) => call('/Auth/verifyOTP', { otp_ref: ref, otp })));
    const [row] = await t.db.query<{ failures: number }>('SELECT failures FROM otp_challenges');
    expect(row!.failures).toBe(MAX_TRIES_PER_CODE);
  });
});

describe('asking for a new code', () => {
  it('refuses a resend within the cool-down with 429 and the wait, then sends a new code that replaces the old', async () => {
    const ref = await askCode();
    const oldCode = lastCode();
    const early = await call('/Auth/resendOTP', { otp_ref: ref });
    expect(early.status).toBe(429);
    expect(early.body).toEqual({
      status: false,
      message: expect.stringMatching(/^Please wait \d+ seconds? before asking for a new code\.$/),
      code: 'resend_too_soon',
    });

    await age(RESEND_COOLDOWN_SECONDS);
    const resent = await call('/Auth/resendOTP', { otp_ref: ref });
    expect(resent.status).toBe(200);
    expect(resent.body.data.otp_ref).not.toBe(ref);
    expect(outbox).toHaveLength(2);
    expect((await call('/Auth/verifyOTP', { otp_ref: ref, otp: oldCode })).body.message).toMatch(/expired/);
    expect((await call('/Auth/verifyOTP', { otp_ref: resent.body.data.otp_ref, otp: lastCode() })).body.status).toBe(
      true,
    );
  });

  it('runs the cool-down from the newest code, so resending an older one again is refused too', async () => {
    const first = await askCode();
    await age(RESEND_COOLDOWN_SECONDS);
    expect((await call('/Auth/resendOTP', { otp_ref: first })).status).toBe(200);
    const again = await call('/Auth/resendOTP', { otp_ref: first });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^Please wait \d+ seconds? before asking for a new code\.$/);
    expect(outbox).toHaveLength(2);
  });

  it('refuses a resend for a finished sign-in', async () => {
    const ref = await askCode();
    await call('/Auth/verifyOTP', { otp_ref: ref, otp: lastCode() });
    const response = await call('/Auth/resendOTP', { otp_ref: ref });
    expect(response.status).toBe(410);
    expect(response.body.status).toBe(false);
  });

  it(`sends at most ${MAX_SENDS_PER_NUMBER_AND_ADDRESS} codes an hour to one number from one address, and the student's own address still gets one`, async () => {
    for (let i = 0; i < MAX_SENDS_PER_NUMBER_AND_ADDRESS; i++) await askCode(DEMO_PHONE);
    const over = await call('/Auth/login', DEMO_PHONE);
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(
      /^Too many codes were sent to this number\. Please try again in (60|59) minutes\.$/,
    );
    const student = await askCode(DEMO_PHONE, '10.5.5.5');
    expect(outbox).toHaveLength(MAX_SENDS_PER_NUMBER_AND_ADDRESS + 1);
    // The stranger's codes did not void the student's: it signs in.
    expect(
      (await call('/Auth/verifyOTP', { otp_ref: student, otp: lastCode() }, { from: '10.5.5.5' })).body.status,
    ).toBe(true);
  });

  it(`sends at most ${MAX_SENDS_PER_NUMBER} codes an hour to one number from all addresses together`, async () => {
    for (let i = 0; i < MAX_SENDS_PER_NUMBER; i++) await askCode(DEMO_PHONE, `10.1.0.${i}`);
    const over = await call('/Auth/login', DEMO_PHONE, { from: '10.1.1.1' });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(
      /^Too many codes were sent to this number\. Please try again in (60|59) minutes\.$/,
    );
    expect(outbox).toHaveLength(MAX_SENDS_PER_NUMBER);
  });

  it(`accepts at most ${MAX_SENDS_PER_ADDRESS} code requests an hour from one address`, async () => {
    for (let i = 0; i < MAX_SENDS_PER_ADDRESS; i++)
      await askCode({ phone_code: '91', mobile: `90000${String(i).padStart(5, '0')}` });
    const over = await call('/Auth/login', DEMO_PHONE);
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(
      /^Too many codes were asked for from your network\. Please try again in \d+ minutes\.$/,
    );
    expect((await call('/Auth/login', DEMO_PHONE, { from: '10.2.2.2' })).status).toBe(200);
  });

  it('counts by the address our proxy saw, whatever the client writes before it in X-Forwarded-For', async () => {
    for (let i = 0; i < MAX_SENDS_PER_ADDRESS; i++) {
      await askCode({ phone_code: '91', mobile: `90001${String(i).padStart(5, '0')}` }, `203.0.113.${i}, ${address}`);
    }
    const over = await call('/Auth/login', DEMO_PHONE, { from: `198.51.100.7, ${address}` });
    expect(over.status).toBe(429);
  });

  it('counts an IPv6 client by its /64 network, not by each address it can pick', async () => {
    for (let i = 0; i < MAX_SENDS_PER_ADDRESS; i++) {
      await askCode(
        { phone_code: '91', mobile: `90002${String(i).padStart(5, '0')}` },
        `2001:db8:7:1::${(i + 1).toString(16)}`,
      );
    }
    expect((await call('/Auth/login', DEMO_PHONE, { from: '2001:db8:7:1:ffff::1' })).status).toBe(429);
    expect((await call('/Auth/login', DEMO_PHONE, { from: '2001:db8:7:2::1' })).status).toBe(200);
  });

  it('says "try again in a minute" when the code could not be sent, and lets the student try again at once', async () => {
    failSends = true;
    const failed = await call('/Auth/login', DEMO_PHONE);
    expect(failed.status).toBe(200);
    const tried = await call('/Auth/verifyOTP', { otp_ref: failed.body.data.otp_ref, otp: lastCode() || '0000' });
    expect(tried.body).toEqual({
      status: false,
      message: 'We could not send the SMS. Please try again in a minute.',
      code: 'sms_not_sent',
    });
    failSends = false;
    const again = await call('/Auth/login', DEMO_PHONE);
    expect((await call('/Auth/verifyOTP', { otp_ref: again.body.data.otp_ref, otp: lastCode() })).body).toMatchObject({
      status: true,
    });
  });
});

describe('signing out', () => {
  it('revokes the token: the next call with it answers 401', async () => {
    const ref = await askCode();
    const { token } = (await call('/Auth/verifyOTP', { otp_ref: ref, otp: lastCode() })).body;
    const logout = await call('/Auth/logout', {}, { token });
    expect(logout).toEqual({ status: 200, body: { status: true, message: 'You are signed out.', data: null } });
    expect((await call('/Student/get_profile', { stud_id: t.demo.demoStudentId }, { token })).status).toBe(401);
    expect((await call('/Auth/logout', {}, { token })).status).toBe(401);
  });

  it('refuses a logout without a token with 401', async () => {
    expect((await call('/Auth/logout', {})).status).toBe(401);
  });
});

describe('the chat link', () => {
  it('answers the configured link, also to a student who is not signed in', async () => {
    const response = await t.get('/Auth/whatsapp_chat');
    expect(response).toEqual({
      status: 200,
      body: { status: true, message: expect.any(String), data: { link: t.config.CHAT_LINK } },
    });
  });
});

describe('bad input', () => {
  it.each([
    ['/Auth/login', 'malformed JSON', '{"mobile":'],
    ['/Auth/login', 'a missing phone_code', { mobile: '9876543210' }],
    ['/Auth/login', 'an extra field', { ...DEMO_PHONE, fcm_id: 'x' }],
    ['/Auth/login', 'a number instead of a string', { mobile: 9876543210, phone_code: '91' }],
    ['/Auth/login', 'letters in the number', { mobile: '98765abc10', phone_code: '91' }],
    ['/Auth/login', 'a number of 16 digits', { mobile: '9876543210123456', phone_code: '91' }],
    ['/Auth/verifyOTP', 'a code of 3 digits', { otp_ref: 'A'.repeat(22), otp: '123' }],
    ['/Auth/verifyOTP', 'a code as a number', { otp_ref: 'A'.repeat(22), otp: 1234 }],
    ['/Auth/verifyOTP', 'a malformed otp_ref', { otp_ref: '../../etc', otp: '1234' }],
    ['/Auth/resendOTP', 'a missing otp_ref', {}],
    ['/Auth/logout', 'an extra field', { stud_id: 1 }],
  ])('%s: answers %s with a 4xx and a message', async (path, _what, body) => {
    const response = await call(path, body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body).toMatchObject({ status: false, message: expect.any(String) });
  });

  it('answers an unknown otp_ref as an expired code', async () => {
    const response = await call('/Auth/verifyOTP', { otp_ref: 'A'.repeat(22), otp: '1234' });
    expect(response).toEqual({
      status: 200,
      body: { status: false, message: 'This code has expired. Please ask for a new code.', code: 'code_expired' },
    });
  });
});

describe('the sweep', () => {
  it('removes day-old sign-in attempts and expired sessions, and keeps what still counts', async () => {
    await askCode();
    await askCode({ phone_code: '91', mobile: '9000000002' });
    await t.db.query(
      `UPDATE otp_challenges SET created_at = now() - interval '25 hours' WHERE phone = '+919000000002'`,
    );
    const live = await t.tokenFor(t.demo.demoStudentId);
    const old = await t.tokenFor(t.demo.demoStudentId);
    await t.db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = (SELECT max(id) FROM sessions)`,
    );

    await sweepAuth(t.db);

    const phones = await t.db.query<{ phone: string }>('SELECT phone FROM otp_challenges');
    expect(phones).toEqual([{ phone: '+919876543210' }]);
    expect((await call('/Student/get_profile', { stud_id: t.demo.demoStudentId }, { token: live })).status).toBe(200);
    expect((await call('/Student/get_profile', { stud_id: t.demo.demoStudentId }, { token: old })).status).toBe(401);
    const [expired] = await t.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM sessions WHERE expires_at <= now()`,
    );
    expect(expired!.count).toBe(0);
  });
});
