import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_BODY_LIMIT } from '../src/resources/roster/import/import-students.ts';
import { postFrom } from './from-address.ts';
import { spawnPortal, type SpawnedPortal } from './spawn-server.ts';
import { statusOf } from './status-of.ts';

const MAX_AT_ONCE = 3;
let portal: SpawnedPortal;
beforeAll(async () => {
  portal = await spawnPortal({ MAX_REQUESTS_PER_ADDRESS: String(MAX_AT_ONCE) });
}, 180_000);
afterAll(() => portal?.remove());

const sixtyMegabytes = 60 * 1024 * 1024;
const packPath = '/console/micros/Staff/Content/import_preview';

/** Where a stranger sends its body, as what, and how long it says the body is. */
interface Target {
  path: string;
  type: string;
  declared: number;
}
/** A content pack of the 60 MB (the zip's bytes, as the console sends one). */
const pack: Target = { path: packPath, type: 'application/zip', declared: sixtyMegabytes };
/** A roster import as large as its limit takes (base64 in JSON): the largest body a JSON console call reads whole. */
const roster: Target = {
  path: '/console/micros/Staff/Students/import_preview',
  type: 'application/json',
  declared: IMPORT_BODY_LIMIT,
};

/**
 * A stranger's upload on a raw connection from `from`: headers declaring 60 MB, then body pieces as fast as the
 * server takes them, up to `sendUpTo` bytes (one short of the whole by default), then silence. With `readAfter` it
 * reads nothing until it has written `readAfter` bytes (as a client that sends its body before looking for an
 * answer); with `holdOpen` it keeps the connection open after the server has ended its side. `answered` resolves with
 * what it read once the answer has arrived whole, or once the connection is gone.
 */
function stranger(
  from: string,
  {
    target = pack,
    sendUpTo = target.declared - 1,
    readAfter = 0,
    holdOpen = false,
  }: { target?: Target; sendUpTo?: number; readAfter?: number; holdOpen?: boolean } = {},
) {
  // By default the server's end of the connection ends the client's too.
  const socket = connect({ host: '127.0.0.1', port: portal.port, localAddress: from, allowHalfOpen: holdOpen });
  const chunks: Buffer[] = [];
  const read = () => Buffer.concat(chunks).toString('latin1');
  let error: string | undefined;
  const answered = new Promise<{ read: string; error?: string }>((done) => {
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (wholeAnswer(read())) done({ read: read() });
    });
    socket.on('close', () => done({ read: read(), error }));
  });
  socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code));
  if (readAfter > 0) socket.pause();
  socket.write(
    `POST ${target.path} HTTP/1.1\r\nHost: portal\r\nContent-Type: ${target.type}\r\nContent-Length: ${target.declared}\r\n\r\n`,
  );
  const piece = Buffer.alloc(1024 * 1024, 1);
  let sent = 0;
  const more = () => {
    while (!socket.destroyed && sent < sendUpTo) {
      const next = piece.subarray(0, Math.min(piece.length, sendUpTo - sent));
      sent += next.length;
      // Handed to the system: from here on the client looks for its answer too.
      const flushed = sent >= readAfter && sent - next.length < readAfter ? () => socket.resume() : undefined;
      if (!socket.write(next, flushed)) return void socket.once('drain', more);
    }
  };
  more();
  return { socket, answered };
}

/** The answer's head and as many bytes of body as its Content-Length says, or null while it is not all there. */
function wholeAnswer(read: string) {
  const end = read.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const head = read.slice(0, end);
  const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
  const body = read.slice(end + 4);
  return body.length >= length ? { head, body: body.slice(0, length) } : null;
}

const expectRefusal = (read: string) => {
  const answer = wholeAnswer(read);
  expect(answer, 'a whole answer').not.toBeNull();
  expect(answer!.head).toMatch(/^HTTP\/1.1 401 /);
  expect(answer!.head).toMatch(/\r\nconnection: close/i);
  expect(JSON.parse(answer!.body)).toEqual({
    status: false,
    message: 'Your session has ended. Please sign in again.',
    code: 'signed_out',
  });
};

const loginFrom = (from: string) =>
  postFrom(from, `http://127.0.0.1:${portal.port}/console/micros/Api/Auth/login`, {}).then((answer) => answer.status);

/** The server's resident memory now, in MB (Linux). */
const rssMb = async () => {
  const status = await readFile(`/proc/${portal.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
};

// Issue 32's measure: console calls read and parsed their whole body before they checked the token, so twenty
// strangers that sent large bodies and stalled held over a gigabyte, and had no answer while they stalled.
// The goal: each such body has its 401 within 5 s, and the server grows by less than 100 MB.
describe.each([
  ['60 MB content packs', pack, 3],
  ['roster imports as large as their limit takes', roster, 4],
])('twenty stalled %s without a token', (name, target, subnet) => {
  it('each read their 401 within 5 s, and the server grows by less than 100 MB', { timeout: 60_000 }, async () => {
    // A first refusal of the same kind, so what the server loads once is not counted as the strangers' cost.
    const first = stranger('127.0.0.1', { target, sendUpTo: 0 });
    expectRefusal((await first.answered).read);
    first.socket.destroy();
    const before = await rssMb();
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await rssMb());
        await new Promise((done) => setTimeout(done, 50));
      }
    })();
    const started = Date.now();
    const clients = Array.from({ length: 20 }, (_, i) => stranger(`127.0.${subnet}.${i + 1}`, { target }));
    const reads = await Promise.all(
      clients.map((client) => client.answered.then((read) => ({ ...read, ms: Date.now() - started }))),
    );
    sampling = false;
    await sampler;
    for (const client of clients) client.socket.destroy();
    const grew = Math.round(peak - before);
    console.log(
      `twenty stalled ${name} without a token: RSS ${Math.round(before)} MB, peak ${Math.round(peak)} MB ` +
        `(grew ${grew} MB); time to each 401 ms: ${reads.map((read) => read.ms).join(', ')}`,
    );
    for (const read of reads) expectRefusal(read.read);
    expect(Math.max(...reads.map((read) => read.ms)), 'the slowest 401, in ms').toBeLessThan(5000);
    expect(grew, 'MB the server grew by').toBeLessThan(100);
    expect(await statusOf(`http://127.0.0.1:${portal.port}/healthz`)).toBe(200);
  });
});

// Node ended such a connection as soon as the 401 was written, with the client's body still arriving: the kernel
// reset it, and a client still writing failed with EPIPE before it read its 401 (6 to 11 of 20 in the bench, issue 32).
// These clients write 16 MB before they look for an answer, more than the system's buffers take while the server
// reads nothing (a few MB), so without the gentle close every one of them loses its 401, not only the unlucky.
describe('a refused body that keeps coming', () => {
  it('lets twenty clients that keep sending read their whole 401, and the server answers after', {
    timeout: 60_000,
  }, async () => {
    const clients = Array.from({ length: 20 }, (_, i) => stranger(`127.0.1.${i + 1}`, { readAfter: 16 * 1024 * 1024 }));
    const reads = await Promise.all(clients.map((client) => client.answered));
    for (const client of clients) client.socket.destroy();
    expect(
      reads.filter((client) => !wholeAnswer(client.read)),
      'clients that did not read a whole answer',
    ).toEqual([]);
    for (const client of reads) expectRefusal(client.read);
    expect(await statusOf(`http://127.0.0.1:${portal.port}/healthz`)).toBe(200);
  });

  it('counts a connection still taking a refused body against its address, and closes it itself after a few seconds', {
    timeout: 60_000,
  }, async () => {
    const from = '127.0.2.1';
    // Part of their bodies, then silence, holding their connections open after reading their 401.
    const clients = Array.from({ length: MAX_AT_ONCE }, () =>
      stranger(from, { sendUpTo: 4 * 1024 * 1024, holdOpen: true }),
    );
    for (const client of clients) expectRefusal((await client.answered).read);
    expect(await loginFrom(from)).toBe(429);
    expect(await loginFrom('127.0.2.2')).toBe(400);
    // Let go by the server (LINGER, 5 s), though the clients would hold their connections for ever.
    await expect.poll(() => loginFrom(from), { timeout: 15_000, interval: 100 }).toBe(400);
    for (const client of clients) client.socket.destroy();
  });
});
