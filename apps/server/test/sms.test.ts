import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PHONE } from '../src/db/seed/courses.ts';
import { httpSender } from '../src/sms/http-sender.ts';
import { logSender } from '../src/sms/log-sender.ts';
import { startTestApp, type TestApp } from './helper.ts';

describe('the log SMS provider', () => {
  it('logs each message and appends it to the outbox as one JSON line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sms-outbox-'));
    const outbox = join(dir, 'outbox.jsonl');
    const logged: unknown[][] = [];
    const log = { info: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;
    try {
      const sender = logSender(log, outbox);
      await sender.send('+919876543210', 'Your portal sign-in code is 1234. It expires in 5 minutes.');
      await sender.send('+919123456780', 'Your portal sign-in code is 5678. It expires in 5 minutes.');
      const lines = (await readFile(outbox, 'utf8')).split('\n');
      expect(lines).toEqual([
        '{"to":"+919876543210","text":"Your portal sign-in code is 1234. It expires in 5 minutes."}',
        '{"to":"+919123456780","text":"Your portal sign-in code is 5678. It expires in 5 minutes."}',
        '',
      ]);
      expect(logged[0]).toEqual([{ text: 'Your portal sign-in code is 1234. It expires in 5 minutes.' }, 'SMS to +919876543210']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is what a server without SMS settings uses: login writes the code to SMS_OUTBOX', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sms-outbox-'));
    const outbox = join(dir, 'outbox.jsonl');
    const t = await startTestApp({ seed: 'courses', env: { SMS_OUTBOX: outbox } });
    try {
      expect((await t.post('/Auth/login', DEMO_PHONE)).status).toBe(200);
      const [line] = (await readFile(outbox, 'utf8')).trim().split('\n');
      expect(JSON.parse(line!)).toEqual({ to: '+919876543210', text: expect.stringMatching(/^Your portal sign-in code is \d{4}\. It expires in 5 minutes\.$/) });
    } finally {
      await t.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the http SMS provider', () => {
  interface Received {
    method: string | undefined;
    headers: IncomingHttpHeaders;
    body: unknown;
  }
  const received: Received[] = [];
  let answerWith = 200;
  let gateway: Server;
  let gatewayUrl = '';
  let t: TestApp;

  beforeAll(async () => {
    gateway = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ method: request.method, headers: request.headers, body: JSON.parse(body) });
        if (answerWith === 0) return; // never answers
        response.writeHead(answerWith, { 'Content-Type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((done) => gateway.listen(0, '127.0.0.1', done));
    gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
    t = await startTestApp({
      seed: 'courses',
      env: { SMS_PROVIDER: 'http', SMS_HTTP_URL: gatewayUrl, SMS_HTTP_TOKEN: 'gateway-token', SMS_HTTP_SENDER: 'ACADMY' },
    });
  });
  afterAll(async () => {
    await t.close();
    gateway.closeAllConnections();
    await new Promise((done) => gateway.close(done));
  });

  it('posts {to, text, sender} as JSON with the bearer token', async () => {
    answerWith = 200;
    expect((await t.post('/Auth/login', DEMO_PHONE)).status).toBe(200);
    expect(received.at(-1)).toEqual({
      method: 'POST',
      headers: expect.objectContaining({ authorization: 'Bearer gateway-token', 'content-type': 'application/json' }),
      body: { to: '+919876543210', text: expect.stringMatching(/^Your portal sign-in code is \d{4}\. It expires in 5 minutes\.$/), sender: 'ACADMY' },
    });
  });

  it('turns an error answer of the gateway into a 502 that asks the student to try again', async () => {
    answerWith = 500;
    const response = await t.post('/Auth/login', DEMO_PHONE);
    expect(response).toEqual({ status: 502, body: { status: false, message: 'We could not send the code. Please try again.' } });
  });

  it('gives up on a gateway that does not answer in time', async () => {
    answerWith = 0;
    const sender = httpSender({ url: gatewayUrl, sender: 'PORTAL', timeoutMs: 200 });
    await expect(sender.send('+919876543210', 'hello')).rejects.toThrow();
  });
});
