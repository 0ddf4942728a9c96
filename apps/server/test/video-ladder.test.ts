import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EncodeWorker, FolderStore, ladderFolder, queueEncoding } from '../src/media/index.ts';
import { startTestApp, type TestApp } from './helper.ts';
import { statusOf } from './status-of.ts';

// Every uploaded video becomes an HLS ladder in the background (docs/decisions/074), served only through links signed
// for a live session of an enrolled student (041, 048). ffmpeg makes a short 720p clip here, so that CI stays fast.

const run = promisify(execFile);
const TOOLS = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };
/** The cap for the lowest step: what a student on a daily data pack can afford. */
const MAX_LOWEST_BYTES_PER_MINUTE = 2.5 * 1024 * 1024;
const ENCODED_WITHIN = 150_000;

let t: TestApp;
let dir: string;
let teacher: string;
let student: string;
let media: string;
let chapterId: number;

/** A clip with sound, `seconds` long, 720p unless smaller is enough: a test pattern (`pattern`: so two clips differ). */
async function makeClip(file: string, seconds: number, pattern = 'testsrc', size = '1280x720') {
  await run('ffmpeg', [
    ...['-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `${pattern}=size=${size}:rate=15:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', file],
  ]);
}

/** Waits (asking the database) until the source's job is ready or failed. */
async function settledEncoding(source: string) {
  const deadline = Date.now() + ENCODED_WITHIN;
  for (;;) {
    const [row] = await t.db.query<{ state: string; error: string | null }>(
      `SELECT state, error FROM video_encodings WHERE source = $1`,
      [source],
    );
    if (row && (row.state === 'ready' || row.state === 'failed')) return row;
    if (Date.now() > deadline) throw new Error(`${source} was not encoded in time (${row?.state})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-ladder-'));
  media = join(dir, 'media');
  await mkdir(join(media, 'uploads'), { recursive: true });
  t = await startTestApp({
    env: { MEDIA_DIR: media, MATERIALS_DIR: join(dir, 'materials'), ENCODE_CONCURRENCY: '1' },
  });
  teacher = await t.staffTokenFor('teacher');
  student = await t.tokenFor(t.demo.demoStudentId);
  const physics = t.demo.subjects.find((s) => s.name === 'Physics')!;
  chapterId = physics.chapters.find((c) => c.name === 'Units and Measurements')!.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
}, 120_000);

const topicsOf = async (token: string) =>
  (await t.post('/Student/topics', { stud_id: t.demo.demoStudentId, chapter_id: chapterId }, token)).body.data as {
    topic_name: string;
    video_link: string;
    thumbnail: string;
    duration_seconds: number | null;
  }[];

describe('an uploaded video', () => {
  let address: string;
  let topicId: number;

  it(
    'plays from its original file at once, and from a ladder of at least three steps once encoded',
    async () => {
      const clip = join(dir, 'lecture.mp4');
      await makeClip(clip, 3);
      const uploaded = await fetch(`${t.url}${t.config.CONSOLE_API_BASE}/Media/upload?kind=video`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream', Token: teacher },
        body: await readFile(clip),
      });
      address = ((await uploaded.json()) as { data: { address: string } }).data.address;
      const saved = await t.consolePost(
        '/Topic/save',
        { chapter_id: chapterId, name: 'Vernier callipers', video_link: address },
        teacher,
      );
      expect(saved.status).toBe(200);
      topicId = saved.body.data.id;
      // Before the ladder is ready the topic plays as uploaded.
      const before = (await topicsOf(student)).find((topic) => topic.topic_name === 'Vernier callipers')!;
      if (before.video_link.endsWith('.m3u8')) throw new Error('encoded before it could be seen waiting');
      expect(before.video_link).toMatch(/^\/media\/v\/.+\/uploads\/[0-9a-f]{32}\.mp4$/);

      expect(await settledEncoding(address)).toEqual({ state: 'ready', error: null });
      const topic = (await topicsOf(student)).find((row) => row.topic_name === 'Vernier callipers')!;
      expect(topic.video_link).toMatch(/^\/media\/v\/.+\/ladders\/[0-9a-f]{24}-1\/master\.m3u8$/);
      expect(topic.thumbnail).toMatch(/^\/media\/ladders\/.+\/poster\.jpg$/);
      expect(topic.duration_seconds).toBeCloseTo(3, 0);
      // The poster is a picture like a topic's own: served to anyone.
      expect((await fetch(t.url + topic.thumbnail)).headers.get('content-type')).toBe('image/jpeg');

      // The console shows the job as done, with its steps.
      const tree = await t.consolePost(
        '/Course/subject',
        { subject_id: t.demo.subjects.find((s) => s.name === 'Physics')!.id },
        teacher,
      );
      const authored = (tree.body.data.chapters as { topics: { id: number; encoding: unknown }[] }[])
        .flatMap((chapter) => chapter.topics)
        .find((row) => row.id === topicId)!;
      expect(authored.encoding).toEqual({ state: 'ready', progress: 1, heights: [240, 360, 720], error: null });

      const master = await fetch(t.url + topic.video_link);
      expect(master.status).toBe(200);
      expect(master.headers.get('cache-control')).toBe('private, no-cache');
      const text = await master.text();
      const steps = [...text.matchAll(/RESOLUTION=\d+x(\d+)[^\n]*\n(\S+)/g)].map((match) => ({
        height: Number(match[1]),
        playlist: match[2]!,
      }));
      expect(steps.map((step) => step.height)).toEqual([240, 360, 720]);

      // The lowest step costs at most 2.5 MB a minute: its files' bytes over the clip's length.
      const folder = join(media, ladderFolder(address));
      const files = await readdir(folder);
      const lowest = files.filter((name) => name.startsWith('240p'));
      const bytes = (await Promise.all(lowest.map((name) => stat(join(folder, name))))).reduce(
        (sum, s) => sum + s.size,
        0,
      );
      expect((bytes / 3) * 60).toBeLessThanOrEqual(MAX_LOWEST_BYTES_PER_MINUTE);

      // Every step's playlist and segments play through the same signed folder, with ranges; a segment is kept a year.
      const lowestPlaylist = new URL(steps[0]!.playlist, t.url + topic.video_link);
      const playlist = await fetch(lowestPlaylist);
      expect(playlist.headers.get('cache-control')).toBe('private, no-cache');
      const segmentName = (await playlist.text())
        .split('\n')
        .find((line) => line.endsWith('.m4s') && !line.startsWith('#'))!;
      const segment = await fetch(new URL(segmentName, lowestPlaylist), { headers: { Range: 'bytes=0-99' } });
      expect(segment.status).toBe(206);
      expect(segment.headers.get('content-range')).toMatch(/^bytes 0-99\//);
      expect(segment.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      // Not without a signature.
      expect(await statusOf(`${t.url}/media/${ladderFolder(address)}/240p.m3u8`)).toBe(404);
    },
    ENCODED_WITHIN + 30_000,
  );

  it("is refused, playlist and segments alike, once the student signs out or leaves the topic's subject", async () => {
    const other = await t.tokenFor(t.demo.demoStudentId);
    const topic = (await topicsOf(other)).find((row) => row.topic_name === 'Vernier callipers')!;
    const master = new URL(topic.video_link, t.url);
    const segment = new URL('240p-000.m4s', master);
    for (const url of [master, segment]) expect(await statusOf(url)).toBe(200);

    // Logged out: the session the link was given to ends.
    expect((await t.post('/Auth/logout', {}, other)).status).toBe(200);
    for (const url of [master, segment]) expect(await statusOf(url), String(url)).toBe(403);

    // Un-enrolled: a live session, but the subject left.
    const live = (await topicsOf(student)).find((row) => row.topic_name === 'Vernier callipers')!;
    const liveMaster = new URL(live.video_link, t.url);
    const liveSegment = new URL('360p-000.m4s', liveMaster);
    for (const url of [liveMaster, liveSegment]) expect(await statusOf(url)).toBe(200);
    const physics = t.demo.subjects.find((s) => s.name === 'Physics')!;
    await t.db.query(`DELETE FROM enrolments WHERE student_id = $1 AND subject_id = $2`, [
      t.demo.demoStudentId,
      physics.id,
    ]);
    try {
      for (const url of [liveMaster, liveSegment]) expect(await statusOf(url), String(url)).toBe(403);
    } finally {
      await t.db.query(`INSERT INTO enrolments (student_id, subject_id) VALUES ($1, $2)`, [
        t.demo.demoStudentId,
        physics.id,
      ]);
    }
  });
});

describe('an encoding job', () => {
  /** A worker as another server would run it, over the same database and media folder. */
  const worker = () =>
    new EncodeWorker({
      db: t.db,
      store: new FolderStore(media),
      tools: TOOLS,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      concurrency: 1,
      pollMs: 200,
    });

  it(
    'that was running when its server stopped is run again by the next start, and finishes',
    async () => {
      const source = '/media/uploads/restart.mp4';
      // Small: the job's fate is tested here, not its ladder (one step, so quick).
      await makeClip(join(media, 'uploads/restart.mp4'), 6, 'testsrc2', '426x240');
      const first = worker();
      expect(await queueEncoding(t.db, source)).toBe(true);
      first.start();
      // Stopped once ffmpeg is under way (its progress recorded), as a server stopping for an upgrade would.
      const deadline = Date.now() + ENCODED_WITHIN;
      for (;;) {
        const [row] = await t.db.query<{ state: string; claimed_by: string | null }>(
          `SELECT state, claimed_by FROM video_encodings WHERE source = $1`,
          [source],
        );
        if (row?.state === 'running' && row.claimed_by === first.id) break;
        if (row?.state === 'ready') throw new Error('finished before it could be stopped');
        if (Date.now() > deadline) throw new Error('never started');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await first.stop();
      // Handed back to the queue (the test server's own worker may already have taken it again).
      const [handed] = await t.db.query<{ state: string; claimed_by: string | null }>(
        `SELECT state, claimed_by FROM video_encodings WHERE source = $1`,
        [source],
      );
      expect(handed!.claimed_by).not.toBe(first.id);
      expect(handed!.state).not.toBe('failed');

      const next = worker();
      next.start();
      try {
        expect(await settledEncoding(source)).toEqual({ state: 'ready', error: null });
      } finally {
        await next.stop();
      }
      expect(await readdir(join(media, ladderFolder(source)))).toContain('master.m3u8');
    },
    ENCODED_WITHIN + 30_000,
  );

  it(
    'whose server died (its heartbeat stopped) is claimed again by another',
    async () => {
      const source = '/media/uploads/died.mp4';
      await makeClip(join(media, 'uploads/died.mp4'), 2, 'testsrc2', '426x240');
      await t.db.query(
        `INSERT INTO video_encodings (source, state, attempts, claimed_by, heartbeat_at, progress)
       VALUES ($1, 'running', 1, 'gone-host:1:dead', now() - interval '10 minutes', 0.4)`,
        [source],
      );
      const next = worker();
      next.start();
      try {
        expect(await settledEncoding(source)).toEqual({ state: 'ready', error: null });
      } finally {
        await next.stop();
      }
      const [row] = await t.db.query<{ attempts: number }>(`SELECT attempts FROM video_encodings WHERE source = $1`, [
        source,
      ]);
      expect(row!.attempts).toBe(2);
    },
    ENCODED_WITHIN + 30_000,
  );
});
