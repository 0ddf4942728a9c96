import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverRoot = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'private-ca-'));
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

let gateway: Server;
let baseUrl = '';
const received: string[] = [];

beforeAll(async () => {
  // A certificate authority of the institute's own, and the gateway's certificate signed by it.
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Institute CA',
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'gateway.key',
    '-out',
    'gateway.csr',
    '-subj',
    '/CN=localhost',
  );
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'gateway.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'gateway.pem',
    '-days',
    '2',
    '-extfile',
    'san.ext',
  );
  gateway = createServer(
    { key: readFileSync(join(dir, 'gateway.key')), cert: readFileSync(join(dir, 'gateway.pem')) },
    (request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(body);
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"type":"success","message":"queued"}');
      });
    },
  );
  await new Promise<void>((done) => gateway.listen(0, '127.0.0.1', done));
  baseUrl = `https://localhost:${(gateway.address() as AddressInfo).port}`;
});
afterAll(async () => {
  gateway.closeAllConnections();
  await new Promise((done) => gateway.close(done));
  rmSync(dir, { recursive: true, force: true });
});

function sendFromProduction(extraEnv: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'production',
    AUTH_SECRET: 'x'.repeat(32),
    SMS_PROVIDER: 'msg91',
    MSG91_BASE_URL: baseUrl,
    MSG91_AUTH_KEY: 'key',
    MSG91_TEMPLATE_ID: 'template',
    ...extraEnv,
  };
  if (!extraEnv.NODE_EXTRA_CA_CERTS) delete env.NODE_EXTRA_CA_CERTS;
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/send-one-sms.ts'], { cwd: serverRoot, env });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) => child.on('exit', (code) => done({ code, output })));
}

describe('an https gateway whose certificate a private authority signed', () => {
  it('is refused without the authority, and reached once NODE_EXTRA_CA_CERTS names it', async () => {
    const without = await sendFromProduction({});
    expect(without).toMatchObject({ code: 1, output: expect.stringMatching(/failed: request failed/) });
    expect(received).toHaveLength(0);

    const withCa = await sendFromProduction({ NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem') });
    expect(withCa).toEqual({ code: 0, output: 'sent\n' });
    expect(JSON.parse(received[0]!)).toMatchObject({ recipients: [{ mobiles: '919876543210', otp: '1234' }] });
  });
});
