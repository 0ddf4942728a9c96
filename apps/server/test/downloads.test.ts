import { copyFile, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMaterialsDir, demoMediaDir } from '../src/paths.ts';
import { startTestApp, type TestApp } from './helper.ts';

// Download for later (docs/decisions/077): the key a student's downloads are encrypted with, and what a topic offers
// to download with each choice's size. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let dir: string;
let me: number;
let token: string;
let otherToken: string;
const LADDER = 'ladders/0123456789abcdef01234567-1';
/** The fake ladder's files: 240p and 360p steps, each a playlist, an init segment and two segments. */
const ladderFiles: Record<string, number> = {
  'master.m3u8': 300,
  '240p.m3u8': 200,
  '240p-init.m4s': 800,
  '240p-000.m4s': 40_000,
  '240p-001.m4s': 30_000,
  '360p.m3u8': 210,
  '360p-init.m4s': 900,
  '360p-000.m4s': 90_000,
  '360p-001.m4s': 80_000,
  'poster.jpg': 5_000,
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-downloads-'));
  const media = join(dir, 'media');
  await mkdir(join(media, 'videos'), { recursive: true });
  await mkdir(join(media, LADDER), { recursive: true });
  await copyFile(join(demoMediaDir, 'videos/lesson-e.mp4'), join(media, 'videos/lesson-e.mp4'));
  for (const [name, size] of Object.entries(ladderFiles))
    await writeFile(join(media, LADDER, name), Buffer.alloc(size));
  t = await startTestApp({ env: { MEDIA_DIR: media, MATERIALS_DIR: demoMaterialsDir } });
  me = t.demo.demoStudentId;
  token = await t.tokenFor(me);
  otherToken = await t.tokenFor(t.demo.otherStudentId);
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const keyOf = (studentId: number, as: string) => t.post('/Student/download_key', { stud_id: studentId }, as);

describe('POST /Student/download_key', () => {
  it('gives a student their own key, the same on every call, and another student another key', async () => {
    const first = await keyOf(me, token);
    expect(first.status).toBe(200);
    const { key, key_id } = first.body.data as { key: string; key_id: string };
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    expect(key_id).toMatch(/^[\w-]{12}$/);
    expect((await keyOf(me, await t.tokenFor(me))).body.data).toEqual({ key, key_id });
    const other = await keyOf(t.demo.otherStudentId, otherToken);
    expect(other.status).toBe(200);
    expect(other.body.data.key).not.toBe(key);
    expect(other.body.data.key_id).not.toBe(key_id);
  });

  it('keeps no key in the database, only a salt it is derived from', async () => {
    const { key } = (await keyOf(me, token)).body.data as { key: string };
    const rows = await t.db.query<{ salt: string }>('SELECT salt FROM download_keys WHERE student_id = $1', [me]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.salt).not.toContain(key);
  });

  it("refuses without a session (401), and another student's id (403)", async () => {
    expect((await keyOf(me, '')).status).toBe(401);
    expect((await keyOf(me, 'not-a-token')).status).toBe(401);
    expect((await keyOf(t.demo.otherStudentId, token)).status).toBe(403);
  });

  it('refuses once the session has signed out', async () => {
    const session = await t.tokenFor(me);
    expect((await t.post('/Auth/logout', {}, session)).status).toBe(200);
    expect((await keyOf(me, session)).status).toBe(401);
  });
});

it('publishes both calls in the OpenAPI document', async () => {
  const { body } = await t.get('/openapi.json');
  expect(body.paths[`${t.config.API_BASE}/Student/download_key`]?.post).toBeDefined();
  expect(body.paths[`${t.config.API_BASE}/Student/topic_download`]?.post).toBeDefined();
});

describe('POST /Student/topic_download', () => {
  const physicsTopic = async (name?: string) => {
    const physics = t.demo.subjects.find((s) => s.name === 'Physics')!;
    const chapterId = physics.chapters.find((c) => c.name === 'Units and Measurements')!.id;
    const [row] = await t.db.query<{ id: number }>(
      `SELECT id FROM topics WHERE chapter_id = $1 AND deleted_at IS NULL ${name ? 'AND name = $2' : ''}
        ORDER BY position, id LIMIT 1`,
      name ? [chapterId, name] : [chapterId],
    );
    return row!.id;
  };
  const choicesOf = (topicId: number, as = token, studentId = me) =>
    t.post('/Student/topic_download', { stud_id: studentId, topic_id: topicId }, as);

  it("offers a topic's uploaded file while it has no ladder, and its chapter's materials, each with its size", async () => {
    const topicId = await physicsTopic();
    await t.db.query(`UPDATE topics SET video_link = '/media/videos/lesson-e.mp4' WHERE id = $1`, [topicId]);
    const { status, body } = await choicesOf(topicId);
    expect(status).toBe(200);
    const size = (await stat(join(demoMediaDir, 'videos/lesson-e.mp4'))).size;
    expect(body.data.steps).toEqual([
      {
        name: 'original',
        height: null,
        bytes: size,
        link: expect.stringMatching(/^\/media\/v\/.+\/videos\/lesson-e\.mp4$/),
      },
    ]);
    const file = await fetch(t.url + body.data.steps[0].link);
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBe(size);
    const notes = body.data.materials.find((m: { title: string }) => m.title === 'Units and Measurements - Notes');
    expect(notes).toEqual({
      id: expect.any(Number),
      title: 'Units and Measurements - Notes',
      bytes: (await stat(join(demoMaterialsDir, 'units-and-measurements-notes.pdf'))).size,
      path: expect.stringMatching(/\/materials\/\d+\/units-and-measurements-notes\.pdf$/),
    });
  });

  it("offers every step of a topic's ladder once encoded, lowest first, with the bytes of its files", async () => {
    const topicId = await physicsTopic();
    await t.db.query(`UPDATE topics SET video_link = '/media/uploads/source.mp4' WHERE id = $1`, [topicId]);
    await t.db.query(
      `INSERT INTO video_encodings (source, state, progress, playlist, steps, duration_seconds)
       VALUES ('/media/uploads/source.mp4', 'ready', 1, $1, '[]'::jsonb, 8)`,
      [`/media/${LADDER}/master.m3u8`],
    );
    const { body } = await choicesOf(topicId);
    const sum = (step: string) =>
      Object.entries(ladderFiles)
        .filter(([name]) => name.startsWith(`${step}.`) || name.startsWith(`${step}-`))
        .reduce((total, [, size]) => total + size, 0);
    expect(body.data.steps.map((s: { name: string; bytes: number }) => [s.name, s.bytes])).toEqual([
      ['240p', sum('240p')],
      ['360p', sum('360p')],
    ]);
    expect(body.data.duration_seconds).toBeGreaterThan(0);
    const playlist = await fetch(t.url + body.data.steps[0].link);
    expect(playlist.status).toBe(200);
    // The step's link signs its folder: the segments beside the playlist are served under it too.
    const segment = await fetch(t.url + body.data.steps[0].link.replace('240p.m3u8', '240p-000.m4s'));
    expect(segment.status).toBe(200);
  });

  it('offers no video step for a YouTube topic, and refuses a topic out of reach or without a session', async () => {
    const topicId = await physicsTopic();
    await t.db.query(`UPDATE topics SET video_link = 'https://www.youtube.com/watch?v=LXb3EKWsInQ' WHERE id = $1`, [
      topicId,
    ]);
    expect((await choicesOf(topicId)).body.data.steps).toEqual([]);
    // A topic of a subject one of the two demo students is not enrolled in: refused as if it did not exist.
    const outOfReach = async (studentId: number) =>
      (
        await t.db.query<{ id: number }>(
          `SELECT t.id FROM topics t WHERE NOT EXISTS (
             SELECT 1 FROM reachable_chapters r WHERE r.chapter_id = t.chapter_id AND r.student_id = $1) LIMIT 1`,
          [studentId],
        )
      )[0]?.id;
    const mine = await outOfReach(me);
    const theirs = await outOfReach(t.demo.otherStudentId);
    expect(mine ?? theirs).toBeDefined();
    if (mine) expect((await choicesOf(mine)).status).toBe(404);
    else expect((await choicesOf(theirs!, otherToken, t.demo.otherStudentId)).status).toBe(404);
    expect((await choicesOf(999_999)).status).toBe(404);
    expect((await choicesOf(topicId, '')).status).toBe(401);
  });
});
