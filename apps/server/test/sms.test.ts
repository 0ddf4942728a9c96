import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PHONE } from '../src/db/seed/courses.ts';
import { logSender } from '../src/sms/log-sender.ts';
import { twilioSender } from '../src/sms/twilio-sender.ts';
import { startTestApp, type TestApp } from './helper.ts';

const couldNotSend = {
  status: false,
  message: 'We could not send the SMS. Please try again in a minute.',
  code: 'sms_not_sent',
};

describe('the log SMS provider', () => {
  it('logs each message and appends it to the outbox as one JSON line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sms-outbox-'));
    const outbox = join(dir, 'outbox.jsonl');
    const logged: unknown[][] = [];
    const log = { info: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;
    try {
      const sender = logSender(log, outbox);
      await sender.send('+919876543210', 'Your portal sign-in code is 1234. It expires in 5 minutes.', '1234');
      await sender.send('+919123456780', 'Your portal sign-in code is 5678. It expires in 5 minutes.', '5678');
      const lines = (await readFile(outbox, 'utf8')).split('\n');
      expect(lines).toEqual([
        '{"to":"+919876543210","text":"Your portal sign-in code is 1234. It expires in 5 minutes."}',
        '{"to":"+919123456780","text":"Your portal sign-in code is 5678. It expires in 5 minutes."}',
        '',
      ]);
      expect(logged[0]).toEqual([
        { text: 'Your portal sign-in code is 1234. It expires in 5 minutes.' },
        'SMS to +919876543210',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps the text out of the log in production (the outbox still gets it)', async () => {
    const logged: unknown[][] = [];
    const log = { info: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;
    await logSender(log, undefined, { textInLog: false }).send('+919876543210', 'code 1234', '1234');
    expect(JSON.stringify(logged)).not.toContain('1234');
  });

  it('is what a server without SMS settings uses: login writes the code to SMS_OUTBOX, worded by SMS_TEMPLATE', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sms-outbox-'));
    const outbox = join(dir, 'outbox.jsonl');
    const t = await startTestApp({
      seed: 'courses',
      env: { SMS_OUTBOX: outbox, SMS_TEMPLATE: '{code} is your {app} code', APP_NAME: 'Vidya' },
    });
    try {
      expect((await t.post('/Auth/login', DEMO_PHONE)).status).toBe(200);
      const [line] = (await readFile(outbox, 'utf8')).trim().split('\n');
      expect(JSON.parse(line!)).toEqual({
        to: '+919876543210',
        text: expect.stringMatching(/^\d{4} is your Vidya code$/),
      });
    } finally {
      await t.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000); // starts a whole server with its database: slow on a loaded machine
});

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

type Answer = { status: number; body: string } | 'no answer';

/** A stand-in gateway on a local port: records each request and answers with `answer`. */
async function standInGateway() {
  const gateway = {
    received: [] as Received[],
    answer: { status: 200, body: '{}' } as Answer,
    /** While true, requests are recorded but not answered (the sender then gives up after SMS_TIMEOUT_MS). */
    holding: false,
    /** Requests held open, not yet answered nor given up by the sender. */
    held: 0,
    answered: 0,
    url: '',
    server: undefined as Server | undefined,
    async close() {
      this.server?.closeAllConnections();
      await new Promise((done) => this.server?.close(done));
    },
  };
  gateway.server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      gateway.received.push({ method: request.method, url: request.url, headers: request.headers, body });
      const answer = gateway.answer;
      if (gateway.holding) {
        gateway.held++;
        response.on('close', () => gateway.held--);
        return;
      }
      if (answer === 'no answer') return;
      gateway.answered++;
      response
        .writeHead(answer.status, { 'Content-Type': 'application/json' })
        .end(answer.body.replaceAll('{code}', codeIn(body)));
    });
  });
  await new Promise<void>((done) => gateway.server!.listen(0, '127.0.0.1', done));
  gateway.url = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
  return gateway;
}

/** The 4-digit code a request carried, whatever its encoding. */
const codeIn = (body: string) => /(?<!\d)(\d{4})(?!\d)/.exec(decodeURIComponent(body.replaceAll('+', ' ')))?.[1] ?? '';

/** The failures every provider must turn into "try again in a minute", each with what its log must show. */
const failures: { name: string; answer: Answer; logged: RegExp }[] = [
  // Gateways echo the number they were given, in any of its writings.
  {
    name: 'a 4xx answer',
    answer: {
      status: 401,
      body: '{"message":"Authentication failure for {code} to +919876543210","mobiles":"919876543210","national":"9876543210"}',
    },
    logged:
      /"status":401.*Authentication failure for \*\*\*\* to \+\*{8}3210.*"mobiles\\":\\"\*{8}3210.*"national\\":\\"\*{6}3210/,
  },
  {
    name: 'a 5xx answer',
    answer: { status: 503, body: '{"message":"gateway overloaded"}' },
    logged: /"status":503.*gateway overloaded/,
  },
  { name: 'no answer in time', answer: 'no answer', logged: /no answer within 2000 ms/ },
];

async function expectFailureHandled(
  t: TestApp,
  logLines: string[],
  failure: (typeof failures)[number],
  gateway: { answer: Answer; received: Received[] },
) {
  gateway.answer = failure.answer;
  logLines.length = 0;
  // The answer comes before the text is handed over, so it is the same as when the gateway takes it; trying the
  // code then tells the student what went wrong.
  const response = await t.post('/Auth/login', DEMO_PHONE);
  expect(response).toMatchObject({ status: 200, body: { status: true, data: { otp_ref: expect.any(String) } } });
  const sentCode = codeIn(gateway.received.at(-1)!.body);
  expect(await signInWith(t, response.body.data.otp_ref, sentCode)).toEqual({ status: 200, body: couldNotSend });
  const logged = logLines.filter((line) => line.includes('SMS not sent'));
  expect(logged).toHaveLength(1);
  expect(logged[0]).toMatch(failure.logged);
  // The number shows its last 4 digits only, there and wherever the gateway echoed it.
  expect(JSON.parse(logged[0]!)).toMatchObject({ to: '+********3210' });
  // Numeric fields (the time in ms, the pid) can hold these digits by chance; the number is only ever in a string.
  const logText = logLines.map((line) => line.replace(/"(time|pid|responseTime)":[\d.]+/g, '')).join('\n');
  expect(logText).not.toMatch(/\d{5}3210/);
  // The code the gateway was given appears nowhere in the log, even where the gateway echoed it.
  const metrics = await fetchMetrics(t);
  expect(metrics).toMatch(
    new RegExp(`portal_sms_sends_total\\{provider="${t.config.SMS_PROVIDER}",result="failed"\\} [1-9]`),
  );
}

const metricsToken = 'metrics-token-for-tests';
async function fetchMetrics(t: TestApp) {
  const response = await fetch(`${t.url}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } });
  expect(response.status).toBe(200);
  return response.text();
}

async function signInWith(t: TestApp, otpRef: string, code: string) {
  return t.post('/Auth/verifyOTP', { otp_ref: otpRef, otp: code });
}

describe.each([
  {
    provider: 'msg91',
    env: (url: string) => ({
      MSG91_BASE_URL: url,
      MSG91_AUTH_KEY: 'msg91-auth-key',
      MSG91_TEMPLATE_ID: '64f0c0ffee',
      MSG91_SENDER: 'ACADMY',
    }),
    success: { status: 200, body: '{"type":"success","message":"3763646c3058313530393737"}' },
    checkRequest(request: Received, code: string) {
      expect(request.method).toBe('POST');
      expect(request.url).toBe('/api/v5/flow/');
      expect(request.headers).toMatchObject({ authkey: 'msg91-auth-key', 'content-type': 'application/json' });
      expect(JSON.parse(request.body)).toEqual({
        template_id: '64f0c0ffee',
        short_url: '0',
        sender: 'ACADMY',
        recipients: [{ mobiles: '919876543210', otp: code }],
      });
    },
    extraFailures: [
      {
        name: 'a 200 answer of "type": "error"',
        answer: { status: 200, body: '{"type":"error","message":"Template mismatch for {code}"}' },
        logged: /Template mismatch for \*\*\*\*/,
      },
    ],
  },
  {
    provider: 'twilio',
    env: (url: string) => ({
      TWILIO_BASE_URL: url,
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
      TWILIO_AUTH_TOKEN: 'twilio-auth-token',
      TWILIO_FROM: '+15005550006',
    }),
    success: { status: 201, body: '{"sid":"SM123","status":"queued","body":"echoes {code}"}' },
    checkRequest(request: Received, code: string) {
      expect(request.method).toBe('POST');
      expect(request.url).toBe('/2010-04-01/Accounts/AC0123456789abcdef/Messages.json');
      expect(request.headers).toMatchObject({
        authorization: `Basic ${Buffer.from('AC0123456789abcdef:twilio-auth-token').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
        To: '+919876543210',
        From: '+15005550006',
        Body: `Your Vidya sign-in code is ${code}.`,
      });
    },
    extraFailures: [],
  },
  {
    provider: 'http',
    env: (url: string) => ({ SMS_HTTP_URL: `${url}/send`, SMS_HTTP_TOKEN: 'gateway-token', SMS_HTTP_SENDER: 'ACADMY' }),
    success: { status: 200, body: '{}' },
    checkRequest(request: Received, code: string) {
      expect(request.method).toBe('POST');
      expect(request.url).toBe('/send');
      expect(request.headers).toMatchObject({
        authorization: 'Bearer gateway-token',
        'content-type': 'application/json',
      });
      expect(JSON.parse(request.body)).toEqual({
        to: '+919876543210',
        text: `Your Vidya sign-in code is ${code}.`,
        sender: 'ACADMY',
      });
    },
    extraFailures: [],
  },
])('SMS_PROVIDER=$provider against a stand-in gateway', ({ provider, env, success, checkRequest, extraFailures }) => {
  let gateway: Awaited<ReturnType<typeof standInGateway>>;
  let t: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    gateway = await standInGateway();
    t = await startTestApp({
      seed: 'courses',
      logLines,
      env: {
        SMS_PROVIDER: provider,
        SMS_TEMPLATE: 'Your {app} sign-in code is {code}.',
        APP_NAME: 'Vidya',
        SMS_TIMEOUT_MS: '2000',
        METRICS_TOKEN: metricsToken,
        ...env(gateway.url),
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await gateway.close();
  });
  beforeEach(async () => {
    await t.db.query('DELETE FROM otp_challenges');
  });

  it('sends the documented request, and the code it carried signs the student in', async () => {
    gateway.answer = success;
    const response = await t.post('/Auth/login', DEMO_PHONE);
    expect(response.status).toBe(200);
    const request = gateway.received.at(-1)!;
    const code = codeIn(request.body);
    checkRequest(request, code);
    const signedIn = await signInWith(t, response.body.data.otp_ref, code);
    expect(signedIn.body).toMatchObject({ status: true, token: expect.any(String) });
    expect(await fetchMetrics(t)).toMatch(
      new RegExp(`portal_sms_sends_total\\{provider="${provider}",result="sent"\\} 1`),
    );
  });

  it.each([...failures, ...extraFailures])(
    'asks the student to try again in a minute after $name, logging the answer without the code',
    async (failure) => {
      await expectFailureHandled(t, logLines, failure, gateway);
      const sentCode = codeIn(gateway.received.at(-1)!.body);
      expect(sentCode).toMatch(/^\d{4}$/);
      // The code as a number of its own: four digits also turn up inside timestamps and request ids by chance.
      const log = logLines.join('\n').replace(/"(reqId|time|pid|responseTime)":("[^"]*"|[\d.]+)/g, '');
      expect(log).not.toMatch(new RegExp(`(?<![0-9A-Za-z])${sentCode}(?![0-9A-Za-z])`));
    },
  );

  it('does not count a code whose SMS failed: the student asks again at once and signs in', async () => {
    gateway.answer = { status: 500, body: '{}' };
    for (let i = 0; i < 6; i++) expect((await t.post('/Auth/login', DEMO_PHONE)).status).toBe(200);
    gateway.answer = success;
    const response = await t.post('/Auth/login', DEMO_PHONE);
    expect(response.status).toBe(200);
    const signedIn = await signInWith(t, response.body.data.otp_ref, codeIn(gateway.received.at(-1)!.body));
    expect(signedIn.body).toMatchObject({ status: true, token: expect.any(String) });
  });

  it('answers before the gateway does, alike for a registered number and one that is nobody’s', async () => {
    gateway.answer = success;
    gateway.holding = true;
    const seen = gateway.received.length;
    const answeredBefore = gateway.answered;
    try {
      // Raw calls: the test helper's own calls wait for the texts, which the gateway is holding back.
      const login = async (body: unknown) => {
        const response = await fetch(`${t.url}${t.config.API_BASE}/Auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        return {
          status: response.status,
          body: (await response.json()) as { status: boolean; message: string; data: object },
        };
      };
      const registered = await login(DEMO_PHONE);
      const nobodys = await login({ phone_code: '91', mobile: '9000000417' });
      // The student had the answer while the gateway still held its own: the text went out after it.
      await expect
        .poll(() => gateway.received.slice(seen).map((request) => request.body.includes('9876543210')))
        .toEqual([true]);
      // Still held open: had the server waited for the gateway, it would have given up on it before answering.
      expect(gateway.held).toBe(1);
      expect(gateway.answered).toBe(answeredBefore);
      const shape = (answer: typeof registered) => ({
        ...answer,
        body: { ...answer.body, data: Object.keys(answer.body.data) },
      });
      expect(shape(registered)).toEqual({
        status: 200,
        body: { status: true, message: expect.any(String), data: ['otp_ref', 'resend_after', 'otp_length'] },
      });
      expect(shape(nobodys)).toEqual(shape(registered));
    } finally {
      gateway.holding = false;
      await t.smsSent();
    }
  });
});

describe('the twilio provider with a messaging service', () => {
  it('sends MessagingServiceSid instead of From', async () => {
    const gateway = await standInGateway();
    try {
      gateway.answer = { status: 201, body: '{}' };
      const sender = twilioSender({
        baseUrl: gateway.url,
        accountSid: 'AC1',
        authToken: 'x',
        messagingServiceSid: 'MG42',
        timeoutMs: 1000,
      });
      await sender.send('+919876543210', 'hello', '1234');
      expect(Object.fromEntries(new URLSearchParams(gateway.received[0]!.body))).toEqual({
        To: '+919876543210',
        Body: 'hello',
        MessagingServiceSid: 'MG42',
      });
    } finally {
      await gateway.close();
    }
  });
});
