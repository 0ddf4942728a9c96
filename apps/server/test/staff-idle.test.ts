import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoMediaDir } from '../src/paths.ts';
import { hashToken } from '../src/sessions/session-repository.ts';
import { startTestApp, type TestApp } from './helper.ts';
import { BATCHES_WITH_SUBJECTS, generatedStudentCsv } from './student-csv-fixture.ts';

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

/**
 * Sends `body` to the console's `path` as `token`, and deactivates the token's staff member once the server has let
 * the request in and the first 1,000 bytes are on their way; the rest follows the deactivation. The answer.
 */
function sendWhileDeactivated(path: string, token: string, type: string, body: Buffer) {
  const url = new URL(`${t.url}${t.config.CONSOLE_API_BASE}${path}`);
  return new Promise<{ status: number; body: string }>((done, fail) => {
    const call = request(url, {
      method: 'POST',
      agent: false,
      headers: { Token: token, 'Content-Type': type, 'Content-Length': String(body.length), Expect: '100-continue' },
    });
    call.on('error', fail);
    call.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => done({ status: response.statusCode ?? 0, body: text }));
    });
    // The server has the request and has let it in; the member is deactivated before the whole body has arrived.
    call.on('continue', () => {
      call.write(body.subarray(0, 1000), () => {
        const deactivate = t.db.query(
          `UPDATE staff SET active = false WHERE id = (SELECT staff_id FROM sessions WHERE token_hash = $1)`,
          [hashToken(token)],
        );
        deactivate.then(() => call.end(body.subarray(1000)), fail);
      });
    });
    call.flushHeaders();
  });
}

const expectSignedOut = ({ status, body }: { status: number; body: string }) => {
  expect(status).toBe(401);
  expect(JSON.parse(body).message).toBe('Your session has ended. Please sign in again.');
};
const audited = (action: string) => t.db.query(`SELECT 1 FROM audit_log WHERE action = $1`, [action]);

// Each staff check is made on arrival, before the body (hostile-connections.test.ts); an upload may take minutes,
// so the calls that take large bodies ask again once it has arrived (issue 32).
describe('an upload whose author is deactivated while it arrives', () => {
  afterEach(() => t.db.query('UPDATE staff SET active = true'));

  it('is refused when it has arrived, and nothing is stored', async () => {
    const token = await t.staffTokenFor('teacher');
    const video = await readFile(join(demoMediaDir, 'videos/lesson-b.webm'));
    expectSignedOut(await sendWhileDeactivated('/Media/upload?kind=video', token, 'application/octet-stream', video));
    expect(await readdir(join(dir, 'media', 'uploads')).catch(() => [])).toEqual([]);
    expect(await audited('media.upload')).toEqual([]);
  });

  it('a content pack: refused when it has arrived, and nothing of it is stored', async () => {
    const token = await t.staffTokenFor('teacher');
    const yaml = `subjects: []
news:
  - heading: Sent by a teacher who has since left
    body: <p>${'Exams start on 1 December. '.repeat(200)}</p>
    published_at: 2026-11-20 10:00
`;
    const pack = Buffer.from(zipSync({ 'course/content.yaml': strToU8(yaml) }, { level: 0 }));
    expectSignedOut(await sendWhileDeactivated('/Content/import_commit', token, 'application/zip', pack));
    expect(await t.db.query(`SELECT 1 FROM news WHERE heading = 'Sent by a teacher who has since left'`)).toEqual([]);
    expect(await audited('content.import')).toEqual([]);
  });

  it('a roster file: refused when it has arrived, and none of its students are stored', async () => {
    const token = await t.staffTokenFor('admin');
    const csv = generatedStudentCsv(50, await t.db.query(BATCHES_WITH_SUBJECTS));
    const body = Buffer.from(JSON.stringify({ file: Buffer.from(csv).toString('base64') }));
    expectSignedOut(await sendWhileDeactivated('/Students/import_commit', token, 'application/json', body));
    expect(await t.db.query(`SELECT 1 FROM students WHERE name = 'Student 0'`)).toEqual([]);
    expect(await audited('student.import_add')).toEqual([]);
  });
});
