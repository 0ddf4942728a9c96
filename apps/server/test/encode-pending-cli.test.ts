import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import encodePending from '../src/cli/commands/encode-pending.ts';
import { ladderFolder } from '../src/media/index.ts';
import { startTestApp, type TestApp } from './helper.ts';

// `npm run portal -- encode pending` (docs/decisions/074): the topics' videos that have no ladder — uploaded before
// encoding existed, or to servers that only serve (ENCODE_CONCURRENCY=0, as here) — are encoded by the command itself,
// which shows each one's progress and what it made.

const run = promisify(execFile);

let t: TestApp;
let dir: string;
let media: string;
let teacher: string;
let student: string;
let chapterId: number;
let subjectId: number;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-encode-pending-'));
  media = join(dir, 'media');
  // The test server encodes nothing (the helper's ENCODE_CONCURRENCY=0): only the command does. The courses without
  // the demo's topics, whose videos are not in this media folder.
  t = await startTestApp({ seed: 'courses', env: { MEDIA_DIR: media, MATERIALS_DIR: join(dir, 'materials') } });
  teacher = await t.staffTokenFor('teacher');
  student = await t.tokenFor(t.demo.demoStudentId);
  const physics = t.demo.subjects.find((s) => s.name === 'Physics')!;
  subjectId = physics.id;
  chapterId = physics.chapters.find((c) => c.name === 'Units and Measurements')!.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A 2 s 360p clip with sound (two steps, 240p and 360p: quick to encode); `pattern` so that two clips differ. */
async function makeClip(file: string, pattern: string) {
  await run('ffmpeg', [
    ...['-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `${pattern}=size=640x360:rate=10:duration=2`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', file],
  ]);
}

/** Uploads a clip as the console does and saves it as a topic of the chapter; its stored address. */
async function uploadTopic(name: string, pattern: string) {
  const clip = join(dir, `${name}.mp4`);
  await makeClip(clip, pattern);
  const uploaded = await fetch(`${t.url}${t.config.CONSOLE_API_BASE}/Media/upload?kind=video`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', Token: teacher },
    body: await readFile(clip),
  });
  const address = ((await uploaded.json()) as { data: { address: string } }).data.address;
  const saved = await t.consolePost('/Topic/save', { chapter_id: chapterId, name, video_link: address }, teacher);
  expect(saved.status).toBe(200);
  return { address, topicId: saved.body.data.id as number };
}

/** `npm run portal -- encode pending` against the test's database and media folder: its exit code and its lines. */
async function portalEncodePending() {
  const out: string[] = [];
  const code = await encodePending.run({
    options: {},
    positionals: [],
    db: t.db,
    config: t.config,
    print: (line) => out.push(line),
  });
  return { code, out };
}

const topicVideos = async () =>
  (await t.post('/Student/topics', { stud_id: t.demo.demoStudentId, chapter_id: chapterId }, student)).body.data as {
    topic_id: number;
    video_link: string;
  }[];

const consoleEncodings = async () => {
  const tree = await t.consolePost('/Course/subject', { subject_id: subjectId }, teacher);
  return (tree.body.data.chapters as { topics: { id: number; encoding: unknown }[] }[]).flatMap(
    (chapter) => chapter.topics,
  );
};

describe('npm run portal -- encode pending', () => {
  it("encodes every topic's video that has no ladder, showing each one's progress, and then finds nothing to do", async () => {
    // One uploaded before encoding existed (no job at all), one to a server that only serves (a job left waiting).
    const old = await uploadTopic('Screw gauge', 'testsrc2');
    const waiting = await uploadTopic('Parallax', 'smptebars');
    await t.db.query(`DELETE FROM video_encodings WHERE source = $1`, [old.address]);
    const [queued] = await t.db.query<{ state: string }>(`SELECT state FROM video_encodings WHERE source = $1`, [
      waiting.address,
    ]);
    expect(queued).toEqual({ state: 'waiting' });
    // Until then both play as uploaded.
    const before = (await topicVideos()).filter((topic) => [old.topicId, waiting.topicId].includes(topic.topic_id));
    expect(before.map((topic) => topic.video_link)).toEqual([
      expect.stringMatching(/\/uploads\/\w+\.mp4$/),
      expect.stringMatching(/\/uploads\/\w+\.mp4$/),
    ]);

    const first = await portalEncodePending();
    expect(first.code, first.out.join('\n')).toBe(0);
    expect(first.out[0]).toBe('Queued 1 video with no ladder yet.');
    // Each is shown while it waits or runs (a line each time its state or percentage changes).
    for (const { address } of [old, waiting])
      expect(first.out.some((line) => new RegExp(`^${address}  (waiting|\\d+%)$`).test(line))).toBe(true);
    expect(first.out.at(-1)).toBe('Ladders ready: 2; failed: 0.');

    // Each topic now plays its ladder, and the console shows it ready with its steps.
    const videos = await topicVideos();
    const encodings = await consoleEncodings();
    for (const { address, topicId } of [old, waiting]) {
      expect(videos.find((topic) => topic.topic_id === topicId)!.video_link).toMatch(
        new RegExp(`/${ladderFolder(address)}/master\\.m3u8$`),
      );
      expect(await readdir(join(media, ladderFolder(address)))).toEqual(
        expect.arrayContaining(['master.m3u8', '240p.m3u8', '360p.m3u8', 'poster.jpg']),
      );
      expect(encodings.find((topic) => topic.id === topicId)!.encoding).toEqual({
        state: 'ready',
        progress: 1,
        heights: [240, 360],
        error: null,
      });
    }

    // Run again: nothing left to queue or encode, the ladders as they were.
    const second = await portalEncodePending();
    expect(second).toEqual({
      code: 0,
      out: ['Queued 0 videos with no ladder yet.', 'Ladders ready: 2; failed: 0.'],
    });
  }, 120_000);
});
