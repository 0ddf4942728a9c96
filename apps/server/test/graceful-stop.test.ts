import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { demoMaterialsDir, demoMediaDir } from '../src/paths.ts';
import { openTestDatabase } from './helper.ts';

/** A kept-alive connection as nginx holds one to an instance: raw, so the test sees each answer's headers and the close. */
function openConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  let ended = false;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  const closed = new Promise<void>((done) => socket.on('close', () => ((ended = true), done())));
  socket.on('error', () => undefined);
  const connected = new Promise<void>((done) => socket.once('connect', () => done()));
  return {
    connected,
    closed,
    isClosed: () => ended,
    write: (text: string) => socket.write(text),
    /** The next whole answer (head and a Content-Length body) after what was read before. */
    async answer() {
      for (;;) {
        const head = received.indexOf('\r\n\r\n');
        const length = Number(/content-length: (\d+)/i.exec(received.slice(0, head))?.[1] ?? 0);
        if (head >= 0 && received.length >= head + 4 + length) {
          const text = received.slice(0, head + 4 + length);
          received = received.slice(head + 4 + length);
          return {
            status: Number(text.split(' ')[1]),
            connection: /\r\nconnection: ([^\r]+)/i.exec(text)?.[1]?.toLowerCase(),
            body: text.slice(head + 4),
          };
        }
        if (ended) throw new Error(`closed before a whole answer: ${JSON.stringify(received)}`);
        await new Promise((r) => setTimeout(r, 5));
      }
    },
  };
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: portal\r\n\r\n`;
const refused = (port: number) =>
  new Promise<boolean>((done) => {
    const probe = connect(port, '127.0.0.1');
    probe.once('connect', () => (probe.destroy(), done(false)));
    probe.once('error', () => done(true));
  });

describe('stopping on SIGTERM behind a proxy', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase('migrated');
    await migrate(db);
  });
  afterAll(() => db.close());

  async function startApp() {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      AUTH_SECRET: 'test-secret',
      MEDIA_DIR: demoMediaDir,
      MATERIALS_DIR: demoMaterialsDir,
    });
    const app = await buildApp({ config, db, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    return { app, port: address.port };
  }

  it('says it is not ready at once, answers what is in flight or arrives on open connections with Connection: close, then closes them all', async () => {
    const { app, port } = await startApp();
    const reused = openConnection(port);
    const idle = openConnection(port);
    const inFlight = openConnection(port);
    await Promise.all([reused.connected, idle.connected, inFlight.connected]);
    for (const connection of [reused, idle]) {
      connection.write(get('/healthz'));
      expect(await connection.answer()).toMatchObject({ status: 200, connection: 'keep-alive' });
    }
    // A request whose body has not all arrived when the stop begins.
    const body = JSON.stringify({ phone_code: '91', mobile: '9876543210' });
    inFlight.write(
      `POST /console/micros/Api/Auth/login HTTP/1.1\r\nHost: portal\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );

    const stopped = app.stopGracefully({ noticeMs: 300, idleGraceMs: 500, deadlineMs: 20_000 });
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: false, message: 'Shutting down.' });

    while (!(await refused(port))) await new Promise((r) => setTimeout(r, 20));
    // The port is closed, but a proxy may still be sending on a connection it kept: that request is answered.
    reused.write(get('/healthz'));
    expect(await reused.answer()).toMatchObject({ status: 200, connection: 'close' });
    inFlight.write(body.slice(5));
    const answered = await inFlight.answer();
    expect(answered.connection).toBe('close');
    expect(answered.status).toBe(200);
    await Promise.all([reused.closed, inFlight.closed]);
    // The one never used again is closed after the grace, so the process can end.
    await idle.closed;
    await stopped;
    await app.close();
  });

  it('cuts a request that never finishes arriving at the deadline', async () => {
    const { app, port } = await startApp();
    const stuck = openConnection(port);
    await stuck.connected;
    stuck.write(
      'POST /console/micros/Api/Auth/login HTTP/1.1\r\nHost: portal\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    await new Promise((r) => setTimeout(r, 50));
    await app.stopGracefully({ noticeMs: 10, idleGraceMs: 10, deadlineMs: 500 });
    await stuck.closed;
    expect(stuck.isClosed()).toBe(true);
    await app.close();
  });
});
