import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnPortal, type SpawnedPortal } from './spawn-server.ts';

let portal: SpawnedPortal;
beforeAll(async () => {
  portal = await spawnPortal();
}, 180_000);
afterAll(() => portal?.remove());

const sixtyMegabytes = 60 * 1024 * 1024;

/**
 * A stranger's upload on a raw connection from `from`: headers declaring `declared` bytes, then body pieces as fast
 * as the server takes them (up to one byte short of `declared`, then silence), never stopping to look at an answer.
 * Resolves with what the client read once the answer has arrived whole, or once the connection is gone.
 */
function keepsSending(path: string, from: string, declared: number) {
  return new Promise<{ read: string; error?: string }>((done) => {
    const socket = connect({ host: '127.0.0.1', port: portal.port, localAddress: from });
    const chunks: Buffer[] = [];
    let error: string | undefined;
    const finish = () => {
      socket.destroy();
      done({ read: Buffer.concat(chunks).toString('latin1'), error });
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (wholeAnswer(Buffer.concat(chunks).toString('latin1'))) finish();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code));
    socket.on('close', finish);
    socket.write(`POST ${path} HTTP/1.1\r\nHost: portal\r\nContent-Type: application/zip\r\nContent-Length: ${declared}\r\n\r\n`);
    const piece = Buffer.alloc(1024 * 1024, 1);
    let sent = 0;
    const more = () => {
      while (!socket.destroyed && sent + piece.length < declared) {
        sent += piece.length;
        if (!socket.write(piece)) return void socket.once('drain', more);
      }
    };
    more();
  });
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

// Node ended such a connection as soon as the 401 was written, with the client's body unread in the server's
// receive buffer: the kernel answered it with a reset, and most clients lost their 401 (issue 32).
describe('a refused body that keeps coming', () => {
  it('lets twenty clients that keep sending read their whole 401, and the server answers after', { timeout: 60_000 }, async () => {
    const reads = await Promise.all(Array.from({ length: 20 }, (_, i) => keepsSending('/console/micros/Staff/Content/import_preview', `127.0.1.${i + 1}`, sixtyMegabytes)));
    const answers = reads.map((client) => wholeAnswer(client.read));
    expect(reads.filter((_, i) => !answers[i]), 'clients that did not read a whole answer').toEqual([]);
    for (const answer of answers) {
      expect(answer!.head).toMatch(/^HTTP\/1.1 401 /);
      expect(answer!.head).toMatch(/\r\nconnection: close/i);
      expect(JSON.parse(answer!.body)).toEqual({ status: false, message: 'Your session has ended. Please sign in again.' });
    }
    expect((await fetch(`http://127.0.0.1:${portal.port}/healthz`)).status).toBe(200);
  });
});
