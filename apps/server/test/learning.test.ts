import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSession, type TestApp } from './helper.ts';
import { statusOf } from './status-of.ts';

let t: TestApp;
let token: string;
let me: number;
beforeAll(async () => ({ t, me, token } = await startDemoSession()));
afterAll(() => t.close());

/** A signed link to a file under media/ (media/signed-links.ts): /media/v/{expires}.{subject}.{session}.{mac}/{path}. */
const signedLink = (path: string) =>
  new RegExp(`^/media/v/\\d+\\.\\d+\\.[\\w-]{43}\\.[\\w-]{27}/${path.replace(/\./g, '\\.')}$`);

const chapter = (subject: string, name: string) =>
  t.demo.subjects.find((s) => s.name === subject)!.chapters.find((c) => c.name === name)!;
const topicsOf = async (chapterId: number) =>
  (await t.post('/Student/topics', { stud_id: me, chapter_id: chapterId }, token)).body.data as any[];
const history = async () => (await t.post('/Student/recently_watched', { stud_id: me }, token)).body.data.data as any[];
const watch = (body: Record<string, unknown>) => t.post('/Student/watched', { stud_id: me, ...body }, token);

describe('POST /Student/topics', () => {
  it("lists the chapter's topics in order with names, link, thumbnail and the student's last position", async () => {
    const units = chapter('Physics', 'Units and Measurements');
    const { status, body } = await t.post(
      '/Student/topics',
      { stud_id: String(me), chapter_id: String(units.id) },
      token,
    );
    expect(status).toBe(200);
    expect(body.status).toBe(true);
    expect(body.data.map((topic: any) => topic.topic_name)).toEqual([
      'Introduction to Units and Measurements',
      'Units and Measurements: Key Ideas',
      'Measuring Length (HLS stream)',
    ]);
    expect(body.data[0]).toEqual({
      topic_id: expect.any(Number),
      topic_name: 'Introduction to Units and Measurements',
      video_link: expect.stringMatching(signedLink('videos/lesson-a.webm')),
      thumbnail: '/media/videos/thumbnails/lesson-a.jpg',
      subject_name: 'Physics',
      chapter_name: 'Units and Measurements',
      position_seconds: null,
      duration_seconds: 12,
    });
    // The demo student stopped 3 s into this one (seed).
    expect(body.data[1]).toMatchObject({ position_seconds: 3, duration_seconds: 12 });
    expect(body.data[2].video_link).toMatch(signedLink('videos/hls/stream.m3u8'));
  });

  it("serves a topic's video, and an HLS stream's segments, through the signed link the student was given", async () => {
    const { body } = await t.post(
      '/Student/topics',
      { stud_id: me, chapter_id: chapter('Physics', 'Units and Measurements').id },
      token,
    );
    const file: string = body.data[0].video_link;
    const playlist: string = body.data[2].video_link;
    // A segment is addressed relative to its playlist, as hls.js does.
    const segment = new URL('stream-00.ts', t.url + playlist).pathname;
    for (const link of [file, playlist, segment]) {
      const response = await fetch(t.url + link);
      expect(response.status, link).toBe(200);
      expect((await response.arrayBuffer()).byteLength, link).toBeGreaterThan(100);
    }
    const range = await fetch(t.url + file, { headers: { Range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect((await range.arrayBuffer()).byteLength).toBe(100);
  });

  it('revalidates media by a content ETag, a picture and a signed video alike', async () => {
    const { body } = await t.post(
      '/Student/topics',
      { stud_id: me, chapter_id: chapter('Physics', 'Units and Measurements').id },
      token,
    );
    for (const file of ['/media/videos/thumbnails/lesson-a.jpg', body.data[0].video_link as string]) {
      const first = await fetch(t.url + file);
      const etag = first.headers.get('etag');
      await first.arrayBuffer();
      expect(etag, file).toMatch(/^"[\w+/=-]+"$/);
      const again = await fetch(t.url + file, { headers: { 'If-None-Match': etag! } });
      expect(again.status, file).toBe(304);
    }
  });

  it('refuses a video without a signature, with a forged or borrowed one, or outside the media folder', async () => {
    const { body } = await t.post(
      '/Student/topics',
      { stud_id: me, chapter_id: chapter('Physics', 'Units and Measurements').id },
      token,
    );
    const file: string = body.data[0].video_link;
    const signature = file.split('/')[3]!;
    const forged = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    const refused = [
      '/media/videos/lesson-a.webm',
      '/media/videos/hls/stream.m3u8',
      '/media/videos/hls/stream-00.ts',
      `/media/v/${forged}/videos/lesson-a.webm`,
      `/media/v/${signature}/videos/lesson-b.webm`,
      `/media/v/${signature}/videos/..%2f..%2fpackage.json`,
    ];
    for (const link of refused) expect(await statusOf(t.url + link), link).toBeGreaterThanOrEqual(403);
    // Thumbnails and other pictures stay public.
    expect(await statusOf(t.url + '/media/videos/thumbnails/lesson-a.jpg')).toBe(200);
  });

  it("stops serving a video link once the session it was given to signs out, and never serves it to another session's link", async () => {
    const mine = await t.tokenFor(me);
    const { body } = await t.post(
      '/Student/topics',
      { stud_id: me, chapter_id: chapter('Physics', 'Units and Measurements').id },
      mine,
    );
    const file: string = body.data[0].video_link;
    expect(await statusOf(t.url + file, { headers: { Range: 'bytes=0-9' } })).toBe(206);
    // Another live session's hash in the link breaks its signature.
    const [, , , signature = '', ...rest] = file.split('/');
    const [expires, subject, , mac] = signature.split('.');
    const theirs = await t.post(
      '/Student/topics',
      { stud_id: me, chapter_id: chapter('Physics', 'Units and Measurements').id },
      token,
    );
    const theirSession = (theirs.body.data[0].video_link as string).split('/')[3]!.split('.')[2];
    expect(await statusOf(`${t.url}/media/v/${expires}.${subject}.${theirSession}.${mac}/${rest.join('/')}`)).toBe(403);

    expect((await t.post('/Auth/logout', {}, mine)).status).toBe(200);
    // On PostgreSQL another instance forgets the session when the database's notice arrives, a moment later.
    await expect.poll(() => statusOf(t.url + file, { headers: { Range: 'bytes=0-9' } }), { timeout: 10_000 }).toBe(403);
    expect(await statusOf(t.url + theirs.body.data[0].video_link, { headers: { Range: 'bytes=0-9' } })).toBe(206);
  });

  it('refuses a chapter of a subject the student is not enrolled in with 404, naming none of its topics', async () => {
    const { status, body } = await t.post(
      '/Student/topics',
      { stud_id: me, chapter_id: chapter('Biology', 'The Living World').id },
      token,
    );
    expect(status).toBe(404);
    expect(body.status).toBe(false);
    expect(JSON.stringify(body)).not.toContain('Living World');
  });

  it('answers a chapter of theirs with no topics, or only deleted ones, with an empty list, not 404', async () => {
    const physics = t.demo.subjects.find((s) => s.name === 'Physics')!;
    const [empty] = await t.db.query<{ id: number }>(
      `INSERT INTO chapters (subject_id, name, position) VALUES ($1, 'Gravitation', 99) RETURNING id`,
      [physics.id],
    );
    const ask = () => t.post('/Student/topics', { stud_id: me, chapter_id: empty!.id }, token);
    expect(await ask()).toMatchObject({ status: 200, body: { data: [] } });
    await t.db.query(
      `INSERT INTO topics (chapter_id, name, video_link, deleted_at) VALUES ($1, 'Withdrawn', '/media/videos/x.mp4', now())`,
      [empty!.id],
    );
    expect(await ask()).toMatchObject({ status: 200, body: { data: [] } });
  });

  it('answers a chapter that does not exist with the same 404', async () => {
    const { status } = await t.post('/Student/topics', { stud_id: me, chapter_id: 999_999 }, token);
    expect(status).toBe(404);
  });

  it("refuses another student's id with 403 and a missing token with 401", async () => {
    const units = chapter('Physics', 'Units and Measurements');
    expect(
      (await t.post('/Student/topics', { stud_id: t.demo.otherStudentId, chapter_id: units.id }, token)).status,
    ).toBe(403);
    expect((await t.post('/Student/topics', { stud_id: me, chapter_id: units.id })).status).toBe(401);
  });

  it('answers a missing or malformed chapter_id with 400 naming it', async () => {
    for (const body of [{ stud_id: me }, { stud_id: me, chapter_id: 'abc' }, { stud_id: me, chapter_id: -4 }]) {
      const response = await t.post('/Student/topics', body, token);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/chapter_id/);
    }
  });
});

describe('POST /Student/recently_watched', () => {
  it("lists the student's own history at data.data, newest first, with how far they got", async () => {
    const { status, body } = await t.post('/Student/recently_watched', { stud_id: me }, token);
    expect(status).toBe(200);
    const items = body.data.data;
    expect(items.map((item: any) => item.topic_name)).toEqual([
      'Structure of Atom: Key Ideas',
      'Introduction to Sets',
      'Measuring Length (HLS stream)',
      'Units and Measurements: Key Ideas',
    ]);
    expect(items[0]).toEqual({
      topic_id: expect.any(Number),
      thumbnail: expect.stringMatching(/^\/media\/videos\/thumbnails\//),
      subject_name: 'Chemistry',
      chapter_name: 'Structure of Atom',
      topic_name: 'Structure of Atom: Key Ideas',
      video_link: expect.stringMatching(/^\/media\/v\/\d+\.\d+\.[\w-]{43}\.[\w-]{27}\/videos\/.+\.(webm|mp4)$/),
      position_seconds: 7,
      duration_seconds: 12,
      watched_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const times = items.map((item: any) => Date.parse(item.watched_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(JSON.stringify(body)).not.toContain('Living World');
  });

  it("refuses another student's id with 403 and a missing token with 401", async () => {
    expect((await t.post('/Student/recently_watched', { stud_id: t.demo.otherStudentId }, token)).status).toBe(403);
    expect((await t.post('/Student/recently_watched', { stud_id: me })).status).toBe(401);
  });

  it('answers an unexpected field with 400', async () => {
    const { status, body } = await t.post('/Student/recently_watched', { stud_id: me, limit: 1000 }, token);
    expect(status).toBe(400);
    expect(body.message).toMatch(/limit/);
  });
});

describe('POST /Student/watched', () => {
  it('stores the position, puts the topic first in the history and resumes it in the topic list', async () => {
    const motion = chapter('Physics', 'Motion in a Straight Line');
    const [first] = await topicsOf(motion.id);
    const { status, body } = await watch({ topic_id: first.topic_id, position_seconds: 4.5, duration_seconds: 12 });
    expect(status).toBe(200);
    expect(body).toEqual({ status: true, message: expect.any(String), data: null });

    expect((await history())[0]).toMatchObject({
      topic_id: first.topic_id,
      position_seconds: 4.5,
      duration_seconds: 12,
    });
    expect((await topicsOf(motion.id))[0]).toMatchObject({ topic_id: first.topic_id, position_seconds: 4.5 });
  });

  it('updates the one row per topic rather than adding another, and moves it back to the top', async () => {
    const [sets] = await topicsOf(chapter('Mathematics', 'Sets').id);
    const motion = (await topicsOf(chapter('Physics', 'Motion in a Straight Line').id))[0];
    await watch({ topic_id: sets.topic_id, position_seconds: 2 });
    expect((await history())[0].topic_id).toBe(sets.topic_id);
    await watch({ topic_id: motion.topic_id, position_seconds: 9 });

    const items = await history();
    expect(items[0]).toMatchObject({ topic_id: motion.topic_id, position_seconds: 9 });
    expect(items.filter((item) => item.topic_id === motion.topic_id)).toHaveLength(1);
    // The demo student had finished it (12 s): a later, smaller report does not move the position back.
    expect(items[1]).toMatchObject({ topic_id: sets.topic_id, position_seconds: 12 });
  });

  it('keeps the stored position when a client sends only {stud_id, topic_id}', async () => {
    const motion = (await topicsOf(chapter('Physics', 'Motion in a Straight Line').id))[0];
    expect((await watch({ topic_id: String(motion.topic_id) })).status).toBe(200);
    expect((await history())[0]).toMatchObject({ topic_id: motion.topic_id, position_seconds: 9 });
  });

  it('never moves a position backwards when reports arrive out of order', async () => {
    const [first] = await topicsOf(chapter('Physics', 'Work, Energy and Power').id);
    await watch({ topic_id: first.topic_id, position_seconds: 8, duration_seconds: 12 });
    // An older report (sent at 3 s, delivered late) arrives after the newer one.
    expect((await watch({ topic_id: first.topic_id, position_seconds: 3, duration_seconds: 12 })).status).toBe(200);
    expect((await history())[0]).toMatchObject({ topic_id: first.topic_id, position_seconds: 8 });
    await watch({ topic_id: first.topic_id, position_seconds: 10 });
    expect((await history())[0]).toMatchObject({ topic_id: first.topic_id, position_seconds: 10 });
  });

  it('never stores a position past the end of the video', async () => {
    const [, second] = await topicsOf(chapter('Physics', 'Laws of Motion').id);
    await watch({ topic_id: second.topic_id, position_seconds: 12.4, duration_seconds: 12 });
    expect((await history())[0]).toMatchObject({ topic_id: second.topic_id, position_seconds: 12 });
  });

  it('refuses positions that are negative, over 24 hours or not numbers, and a duration of 0, with 400', async () => {
    const [topic] = await topicsOf(chapter('Physics', 'Laws of Motion').id);
    const bad = [
      { position_seconds: -1 },
      { position_seconds: 86_401 },
      { position_seconds: '5' },
      { position_seconds: null },
      { duration_seconds: 0 },
      { duration_seconds: 100_000 },
    ];
    for (const fields of bad) {
      const response = await watch({ topic_id: topic.topic_id, ...fields });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.body.message).toMatch(/position_seconds|duration_seconds/);
    }
    // JSON cannot say Infinity, but 1e400 parses to it.
    const infinite = await t.post(
      '/Student/watched',
      `{"stud_id":${me},"topic_id":${topic.topic_id},"position_seconds":1e400}`,
      token,
    );
    expect(infinite.status).toBe(400);
    expect((await history()).some((item) => item.topic_id === topic.topic_id)).toBe(false);
  });

  it("refuses a topic outside the student's subjects with 404 and stores nothing", async () => {
    const otherToken = await t.tokenFor(t.demo.otherStudentId);
    const biology = await t.post(
      '/Student/topics',
      { stud_id: t.demo.otherStudentId, chapter_id: chapter('Biology', 'The Living World').id },
      otherToken,
    );
    const biologyTopic = biology.body.data[1].topic_id;
    const { status } = await watch({ topic_id: biologyTopic, position_seconds: 3 });
    expect(status).toBe(404);
    const [row] = await t.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM watch_progress WHERE student_id = $1 AND topic_id = $2',
      [me, biologyTopic],
    );
    expect(row!.count).toBe(0);
    expect((await watch({ topic_id: 999_999 })).status).toBe(404);
  });

  it("refuses another student's id with 403, a missing token with 401 and a missing topic_id with 400", async () => {
    const [topic] = await topicsOf(chapter('Physics', 'Laws of Motion').id);
    expect(
      (await t.post('/Student/watched', { stud_id: t.demo.otherStudentId, topic_id: topic.topic_id }, token)).status,
    ).toBe(403);
    expect((await t.post('/Student/watched', { stud_id: me, topic_id: topic.topic_id })).status).toBe(401);
    const missing = await watch({});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/topic_id/);
  });
});

describe('content-security policy for topic videos', () => {
  it('lets in the YouTube and Vimeo players and nothing else from outside', async () => {
    const csp = (await fetch(`${t.url}/healthz`)).headers.get('content-security-policy') ?? '';
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    expect(directive('script-src')).toBe("script-src 'self' https://www.youtube.com");
    expect(directive('frame-src')).toBe(
      "frame-src 'self' https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com",
    );
    expect(directive('connect-src')).toBe("connect-src 'self'");
    expect(directive('media-src')).toBe("media-src 'self' blob:");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
  });
});

describe('history length', () => {
  it('shows the 50 most recent topics, not the whole past', async () => {
    const laws = chapter('Physics', 'Laws of Motion');
    await t.db.query(
      `INSERT INTO topics (chapter_id, name, video_link, position)
       SELECT $1, 'Extra ' || n, '/media/videos/lesson-a.webm', 100 + n FROM generate_series(1, 55) AS n`,
      [laws.id],
    );
    const extras = (await topicsOf(laws.id)).filter((topic) => topic.topic_name.startsWith('Extra '));
    for (const topic of extras) await watch({ topic_id: topic.topic_id, position_seconds: 1 });
    const items = await history();
    expect(items).toHaveLength(50);
    expect(items[0].topic_name).toBe('Extra 55');
  });
});
