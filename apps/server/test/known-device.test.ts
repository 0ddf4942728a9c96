import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_SENDS_PER_NUMBER,
  MAX_SENDS_PER_NUMBER_AND_ADDRESS,
  MAX_SENDS_PER_NUMBER_AND_DEVICE,
} from '../src/one-time-codes/limits.ts';
import { startTestApp, type TestApp } from './helper.ts';
import { loopback, postFrom, type Answer } from './from-address.ts';

// Issue 32: strangers who fill a number's caps must not keep its owner out. A browser that completed a sign-in for the
// number (its device cookie) gets an allowance of its own (docs/decisions/047). Clients are loopback source addresses.

const outbox: { to: string; text: string }[] = [];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
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
  await t.db.query('DELETE FROM known_devices');
  outbox.length = 0;
});

const STUDENT = { phone_code: '91', mobile: '9876543210' };
const OTHER_STUDENT = { phone_code: '91', mobile: '9123456780' };
const ADMIN_MOBILE = '+91 98111 00001';

/** One side of the portal: where its calls live and how a sign-in is asked for. */
interface Door {
  base: () => string;
  login: (phone: typeof STUDENT) => unknown;
}
const student: Door = { base: () => t.url + t.config.API_BASE, login: (phone) => phone };
const staff: Door = { base: () => t.url + t.config.CONSOLE_API_BASE, login: () => ({ mobile: ADMIN_MOBILE }) };

async function call(door: Door, from: string, path: string, body: unknown, cookie?: string): Promise<Answer> {
  const answer = await postFrom(from, door.base() + path, body, { cookie });
  await t.smsSent();
  return answer;
}

const lastCode = () => outbox.at(-1)?.text.match(/\b(\d{4})\b/)?.[1] ?? '';

/** The `name=value` of the device cookie an answer set, as a browser would send it back. */
const deviceCookie = (answer: Answer) => answer.cookies.find((c) => c.startsWith('portal_device='))?.split(';')[0];

/** Signs in through `door` from `from`, sending `cookie`; answers the device cookie the browser then holds. */
async function signIn(door: Door, from: string, cookie?: string, phone = STUDENT): Promise<string> {
  const login = await call(door, from, '/Auth/login', door.login(phone), cookie);
  expect(login.status).toBe(200);
  const verify = await call(
    door,
    from,
    '/Auth/verifyOTP',
    { otp_ref: login.body.data.otp_ref, otp: lastCode() },
    cookie,
  );
  expect(verify.body.status).toBe(true);
  const set = deviceCookie(verify);
  expect(set).toBeDefined();
  return set!;
}

/** Three strangers ask for codes to the number until each is refused: the number's cap is then full. */
async function strangersFillTheCaps(door: Door, phone = STUDENT) {
  const statuses: number[] = [];
  for (const stranger of [loopback(2), loopback(3), loopback(4)]) {
    for (let i = 0; i <= MAX_SENDS_PER_NUMBER_AND_ADDRESS; i++)
      statuses.push((await call(door, stranger, '/Auth/login', door.login(phone))).status);
  }
  // 18 requests: 15 codes texted, then the number is capped for everyone without a known device.
  expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_SENDS_PER_NUMBER);
  expect(statuses.filter((s) => s === 429)).toHaveLength(3);
}

describe.each([
  ['a student', student],
  ['a staff member', staff],
])('%s whose number strangers fill with code requests', (_who, door) => {
  it('still gets a code, and signs in with it, on the browser that signed in to the number before', async () => {
    const owner = loopback(1);
    const cookie = await signIn(door, owner);
    await strangersFillTheCaps(door);

    // Without a device that signed in, the owner's address is refused like any other.
    expect((await call(door, loopback(5), '/Auth/login', door.login(STUDENT))).status).toBe(429);
    const sentBefore = outbox.length;
    const login = await call(door, owner, '/Auth/login', door.login(STUDENT), cookie);
    expect(login.status).toBe(200);
    expect(outbox).toHaveLength(sentBefore + 1);
    const verify = await call(
      door,
      owner,
      '/Auth/verifyOTP',
      { otp_ref: login.body.data.otp_ref, otp: lastCode() },
      cookie,
    );
    expect(verify.body.status).toBe(true);
  });
});

describe('the device allowance', () => {
  it('is not given to a device id a client makes up', async () => {
    await strangersFillTheCaps(student);
    const invented = `portal_device=${'A'.repeat(43)}`;
    expect((await call(student, loopback(6), '/Auth/login', STUDENT, invented)).status).toBe(429);
  });

  it('counts only for the numbers the device signed in to', async () => {
    const cookie = await signIn(student, loopback(1), undefined, OTHER_STUDENT);
    await strangersFillTheCaps(student);
    expect((await call(student, loopback(1), '/Auth/login', STUDENT, cookie)).status).toBe(429);
  });

  it(`has a cap of its own: ${MAX_SENDS_PER_NUMBER_AND_DEVICE} codes an hour`, async () => {
    const cookie = await signIn(student, loopback(1));
    const statuses = [];
    for (let i = 0; i <= MAX_SENDS_PER_NUMBER_AND_DEVICE; i++)
      statuses.push((await call(student, loopback(1), '/Auth/login', STUDENT, cookie)).status);
    expect(statuses).toEqual([...Array(MAX_SENDS_PER_NUMBER_AND_DEVICE).fill(200), 429]);
  });

  it('keeps the code the owner asked for on their device working when a stranger behind the same address asks for one', async () => {
    const cookie = await signIn(student, loopback(1));
    const login = await call(student, loopback(1), '/Auth/login', STUDENT, cookie);
    const code = lastCode();
    await call(student, loopback(1), '/Auth/login', STUDENT);
    const verify = await call(
      student,
      loopback(1),
      '/Auth/verifyOTP',
      { otp_ref: login.body.data.otp_ref, otp: code },
      cookie,
    );
    expect(verify.body.status).toBe(true);
  });
});

describe('the device cookie', () => {
  it('is random, HttpOnly, SameSite=Strict, for a year, only under its API, and stored only as a hash', async () => {
    const login = await call(student, loopback(1), '/Auth/login', STUDENT);
    const verify = await call(student, loopback(1), '/Auth/verifyOTP', {
      otp_ref: login.body.data.otp_ref,
      otp: lastCode(),
    });
    const header = verify.cookies.find((c) => c.startsWith('portal_device='))!;
    expect(header).toMatch(
      new RegExp(
        `^portal_device=[A-Za-z0-9_-]{43}; Path=${t.config.API_BASE}; Max-Age=31536000; HttpOnly; SameSite=Strict$`,
      ),
    );
    const id = deviceCookie(verify)!.split('=')[1]!;
    const rows = await t.db.query<{ device_hash: string; phone: string }>(
      'SELECT device_hash, phone FROM known_devices',
    );
    expect(rows).toEqual([{ device_hash: expect.stringMatching(/^[0-9a-f]{64}$/), phone: '+919876543210' }]);
    expect(JSON.stringify(rows)).not.toContain(id);
  });

  it('keeps its id across sign-ins and numbers, but a made-up id is replaced by one the server draws', async () => {
    const first = await signIn(student, loopback(1));
    expect(await signIn(student, loopback(1), first, OTHER_STUDENT)).toBe(first);
    const invented = `portal_device=${'B'.repeat(43)}`;
    expect(await signIn(student, loopback(1), invented)).not.toBe(invented);
    const [row] = await t.db.query<{ n: number }>('SELECT count(DISTINCT device_hash)::int AS n FROM known_devices');
    expect(row!.n).toBe(2);
  });
});
