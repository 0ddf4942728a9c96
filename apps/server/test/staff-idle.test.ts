import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMediaDir } from '../src/paths.ts';
import { hashToken } from '../src/sessions/session-repository.ts';
import { startTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'staff-idle-'));
  t = await startTestApp({
    env: { STAFF_IDLE_HOURS: '12', MEDIA_DIR: join(dir, 'media'), MATERIALS_DIR: join(dir, 'materials') },
  });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const lastUsedHoursAgo = (token: string, hours: number) =>
  t.db.query(`UPDATE sessions SET last_used_at = now() - make_interval(hours => $2) WHERE token_hash = $1`, [
    hashToken(token),
    hours,
  ]);

describe('a staff session left unused', () => {
  it('ends after STAFF_IDLE_HOURS, though it was made to last longer', async () => {
    const token = await t.staffTokenFor('admin');
    await lastUsedHoursAgo(token, 13);
    expect((await t.consolePost('/Auth/me', {}, token)).status).toBe(401);
  });

  it('lives on while it is used: a use within the hours moves its last use on', async () => {
    const token = await t.staffTokenFor('admin');
    await lastUsedHoursAgo(token, 11);
    expect((await t.consolePost('/Auth/me', {}, token)).status).toBe(200);
    const [row] = await t.db.query<{ idle: boolean }>(
      `SELECT last_used_at < now() - interval '1 hour' AS idle FROM sessions WHERE token_hash = $1`,
      [hashToken(token)],
    );
    expect(row?.idle).toBe(false);
  });

  it('is said on the sign-in screen: the code answer carries the hours', async () => {
    const sent = await t.consolePost('/Auth/login', { mobile: '+919811100001' });
    expect(sent.body.data.idle_hours).toBe(12);
  });
});

describe('an upload whose author is deactivated while it arrives', () => {
  it('is refused when it has arrived, and nothing is stored', async () => {
    const token = await t.staffTokenFor('teacher');
    const video = await readFile(join(demoMediaDir, 'videos/lesson-b.webm'));
    const url = new URL(`${t.url}${t.config.CONSOLE_API_BASE}/Media/upload?kind=video`);
    const answer = new Promise<{ status: number; body: string }>((done, fail) => {
      const call = request(url, {
        method: 'POST',
        agent: false,
        headers: {
          Token: token,
          'Content-Type': 'application/octet-stream',
          'Content-Length': String(video.length),
          Expect: '100-continue',
        },
      });
      call.on('error', fail);
      call.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => done({ status: response.statusCode ?? 0, body }));
      });
      // The server has the request and has let it in; the member is deactivated before the file has arrived.
      call.on('continue', () => {
        call.write(video.subarray(0, 1000), () => {
          const deactivate = t.db.query(
            `UPDATE staff SET active = false WHERE id = (SELECT staff_id FROM sessions WHERE token_hash = $1)`,
            [hashToken(token)],
          );
          deactivate.then(() => call.end(video.subarray(1000)), fail);
        });
      });
      call.flushHeaders();
    });
    const { status, body } = await answer;
    expect(status).toBe(401);
    expect(JSON.parse(body).message).toBe('Your session has ended. Please sign in again.');
    expect(await readdir(join(dir, 'media', 'uploads')).catch(() => [])).toEqual([]);
    const audit = await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'media.upload'`);
    expect(audit).toEqual([]);
  });
});
