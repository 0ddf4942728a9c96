import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoMaterialsDir, demoMediaDir } from '../src/paths.ts';
import { type SpawnedPortal, type SpawnedServer, spawnPortal, spawnServer, untilListening } from './spawn-server.ts';
import { statusOf } from './status-of.ts';

/** Where the client stops: after this many bytes of the body, or once the answer has begun to arrive. */
type Cut = number | 'answer';

interface Upload {
  path: string;
  type: string;
  body: Buffer;
}

/**
 * Sends an upload on a connection of its own and breaks the connection at `cut`. Resolves once it is broken; the
 * client never learns what the server made of it (as after the console's Stop button, or a dropped line).
 */
function breakOff(port: number, headers: Record<string, string>, upload: Upload, cut: Cut) {
  return new Promise<void>((done) => {
    const call = request({
      host: '127.0.0.1',
      port,
      path: upload.path,
      method: 'POST',
      agent: false,
      // The server's "100 Continue" says it has the headers: only then is a cut before the body one it sees.
      headers: {
        ...headers,
        'Content-Type': upload.type,
        'Content-Length': String(upload.body.length),
        Expect: '100-continue',
      },
    });
    call.on('error', () => done());
    call.on('close', () => done());
    call.on('response', () => call.destroy());
    call.on('continue', () => {
      if (cut === 'answer') call.end(upload.body);
      else if (cut === 0) call.destroy();
      else call.write(upload.body.subarray(0, cut), () => call.destroy());
    });
    call.flushHeaders();
  });
}

const healthz = (port: number) => statusOf(`http://127.0.0.1:${port}/healthz`);

let installation: SpawnedPortal;
/** The server running now: the installation's own, or the same installation started again with another TRUST_PROXY. */
let server: SpawnedServer;
let serverTrusts = '';
let token = '';
const uploads: Upload[] = [];

beforeAll(async () => {
  installation = await spawnPortal({ TRUST_PROXY: 'true' });
  server = installation;
  serverTrusts = 'true';
  token = await installation.staffToken('+919811100002');
  const media = '/console/micros/Staff/Media/upload';
  // The zip's bytes as the body, as the console sends a content pack (one file that does not compress).
  const pack = Buffer.from(
    zipSync(
      { 'course/content.yaml': strToU8('subjects: []\n'), 'course/videos/a.webm': randomBytes(300_000) },
      { level: 0 },
    ),
  );
  uploads.push(
    {
      path: `${media}?kind=video`,
      type: 'application/octet-stream',
      body: await readFile(join(demoMediaDir, 'videos/lesson-a.webm')),
    },
    {
      path: `${media}?kind=pdf`,
      type: 'application/octet-stream',
      body: await readFile(join(demoMaterialsDir, 'sets-worksheet.pdf')),
    },
    // Not what it says it is: refused at its first bytes while the client is still sending.
    { path: `${media}?kind=picture`, type: 'application/octet-stream', body: Buffer.alloc(400_000, 1) },
    { path: '/console/micros/Staff/Content/import_preview', type: 'application/zip', body: pack },
  );
}, 180_000);
afterAll(async () => {
  if (server && server !== installation) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await installation?.remove();
});

/**
 * The installation's server with TRUST_PROXY `trust`: started again on the same database and folders when it runs
 * with the other setting (a restart, not a second installation: the demo's seeding is what a spawn spends its time on).
 */
async function servingWith(trust: string) {
  if (serverTrusts === trust) return;
  server.child.kill('SIGTERM');
  await server.exited;
  server = spawnServer({ ...installation.env, TRUST_PROXY: trust });
  serverTrusts = trust;
  await untilListening(server);
}

// A client that goes away mid-upload once made the request's log line throw (behind a proxy, Fastify reads the
// client's address from a socket that is no longer there), outside any request: the process ended and nginx
// answered 502 to everyone (issue 32).
describe.each([
  ['on', 'true'],
  ['off', 'false'],
])('uploads broken off at every moment, TRUST_PROXY %s', (_name, trust) => {
  beforeAll(() => servingWith(trust), 180_000);

  it('keeps serving whenever the client goes away: before the body, in it, after its last byte, during the answer', {
    timeout: 180_000,
  }, async () => {
    let n = 0;
    for (const upload of uploads) {
      const size = upload.body.length;
      for (const cut of [0, 1, 4096, 65_536, Math.floor(size / 2), size - 1, size, 'answer'] as Cut[]) {
        const id = `broken-${trust}-${n++}`;
        await breakOff(
          server.port,
          { Token: token, 'X-Request-Id': id, 'X-Forwarded-For': '198.51.100.7' },
          upload,
          cut,
        );
        // The request's one log line is written when the server has finished with it: that is where it threw.
        await vi.waitFor(
          () => {
            expect(server.child.exitCode, `the server exited after ${upload.path} cut at ${cut}`).toBeNull();
            expect(server.out()).toContain(`"reqId":"${id}"`);
          },
          { timeout: 10_000, interval: 20 },
        );
      }
    }
    expect(await healthz(server.port)).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });
});
