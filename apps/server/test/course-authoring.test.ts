import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMaterialsDir, demoMediaDir } from '../src/paths.ts';
import { startTestApp, type TestApp } from './helper.ts';
import { statusOf } from './status-of.ts';

let t: TestApp;
let teacher: string;
let student: string;
let dir: string;
let physicsId: number;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-authoring-'));
  t = await startTestApp({
    env: { MEDIA_DIR: join(dir, 'media'), MATERIALS_DIR: join(dir, 'materials'), MAX_PICTURE_MB: '1' },
  });
  teacher = await t.staffTokenFor('teacher');
  student = await t.tokenFor(t.demo.demoStudentId);
  physicsId = t.demo.subjects.find((s) => s.name === 'Physics')!.id;
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const call = (path: string, body: unknown, token = teacher) => t.consolePost(path, body, token);
const upload = async (
  kind: string,
  bytes: Uint8Array | Buffer,
  token = teacher,
  contentType = 'application/octet-stream',
) => {
  const response = await fetch(`${t.url}${t.config.CONSOLE_API_BASE}/Media/upload?kind=${kind}`, {
    method: 'POST',
    headers: { 'Content-Type': contentType, Token: token },
    body: bytes,
  });
  return { status: response.status, body: (await response.json()) as any };
};
const leftovers = async (folder: string) =>
  (await readdir(folder).catch(() => [] as string[])).filter((name) => name.startsWith('.upload-'));
const studentTopics = async (chapterId: number) =>
  ((await t.post('/Student/topics', { stud_id: t.demo.demoStudentId, chapter_id: chapterId }, student)).body.data as {
    topic_name: string;
    video_link: string;
  }[]) ?? [];

describe('uploading course files', () => {
  it('stores a video under a generated name, checked by its content, served to students only through a signed link', async () => {
    const video = await readFile(join(demoMediaDir, 'videos/lesson-b.webm'));
    const answer = await upload('video', video);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ kind: 'video', bytes: video.length, password_protected: false });
    expect(answer.body.data.address).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\.webm$/);
    // The same bytes again are the same file.
    expect((await upload('video', video)).body.data.address).toBe(answer.body.data.address);
    // Not public: a video is fetched only through a link signed for a live session.
    expect(await statusOf(t.url + answer.body.data.address)).toBe(404);
  });

  it('recognises a password-protected PDF and marks it', async () => {
    const answer = await upload('pdf', await readFile(join(demoMaterialsDir, 'practice-set-1-protected.pdf')));
    expect(answer.body).toMatchObject({
      message: 'Uploaded. This PDF asks for a password; students will be asked for it.',
      data: { kind: 'pdf', password_protected: true },
    });
    expect(answer.body.data.address).toMatch(/^upload-[0-9a-f]{32}\.pdf$/);
  });

  it('scans an uploaded PDF once: saving its material takes the verdict the upload recorded', async () => {
    const chapterId = t.demo.subjects.find((s) => s.name === 'Physics')!.chapters[0]!.id;
    const locked = await readFile(join(demoMaterialsDir, 'practice-set-1-protected.pdf'));
    const address = (await upload('pdf', locked)).body.data.address;
    // The same bytes with the password dictionary's name spelt otherwise: a scan of this copy finds no password.
    const unlocked = Buffer.from(locked.toString('latin1').replaceAll('/Encrypt', '/Xncrypt'), 'latin1');
    await writeFile(join(dir, 'materials', address), unlocked);
    const saved = await call('/Material/save', { chapter_id: chapterId, title: 'Locked set', file_name: address });
    expect(saved.body.data).toMatchObject({ file_name: address, password_protected: true });

    // A file no upload recorded (put there by hand) is read when it is saved.
    await writeFile(join(dir, 'materials', 'by-hand.pdf'), unlocked);
    const byHand = await call('/Material/save', { chapter_id: chapterId, title: 'By hand', file_name: 'by-hand.pdf' });
    expect(byHand.body.data).toMatchObject({ password_protected: false });
    await writeFile(join(dir, 'materials', 'cut-short.pdf'), locked.subarray(0, 2000));
    expect(
      await call('/Material/save', { chapter_id: chapterId, title: 'Cut', file_name: 'cut-short.pdf' }),
    ).toMatchObject({
      status: 400,
      body: {
        status: false,
        message: 'file_name: cut-short.pdf is cut short (it has no end marker)',
        code: 'bad_request',
      },
    });
  });

  it.each([
    [
      'a picture sent as a video',
      'video',
      () => readFile(join(demoMediaDir, 'subjects/physics.webp')),
      415,
      'This is not an mp4 or webm video (by its content).',
    ],
    [
      'a text file named as a PDF',
      'pdf',
      async () => Buffer.from('just some text that is no PDF at all'),
      415,
      'This is not a PDF (by its content).',
    ],
    [
      'a PDF cut short',
      'pdf',
      async () => (await readFile(join(demoMaterialsDir, 'physics-formula-handbook.pdf'))).subarray(0, 1000),
      400,
      'This PDF is cut short',
    ],
    ['an empty file', 'picture', async () => Buffer.alloc(0), 400, 'The file is empty.'],
    [
      'a picture over the configured 1 MB',
      'picture',
      async () =>
        Buffer.concat([
          (await readFile(join(demoMediaDir, 'subjects/physics.webp'))).subarray(0, 16),
          Buffer.alloc(1024 * 1024 + 1),
        ]),
      413,
      'larger than 1 MB',
    ],
  ])('refuses %s with a clear message and leaves nothing behind', async (_what, kind, bytes, status, message) => {
    const answer = await upload(kind, await bytes());
    expect(answer.status).toBe(status);
    expect(answer.body.message).toContain(message);
    expect(await leftovers(join(dir, 'media', 'uploads'))).toEqual([]);
    expect(await leftovers(join(dir, 'materials'))).toEqual([]);
  });

  it('leaves nothing behind when the connection breaks half way through an upload', async () => {
    const video = await readFile(join(demoMediaDir, 'videos/lesson-a.webm'));
    const folder = join(dir, 'media', 'uploads');
    const before = await readdir(folder).catch(() => [] as string[]);
    const url = new URL(`${t.url}${t.config.CONSOLE_API_BASE}/Media/upload?kind=video`);
    const request = httpRequest(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': video.length, Token: teacher },
    });
    request.on('error', () => undefined);
    request.write(video.subarray(0, 64 * 1024));
    // The server has started writing the partial file: then the phone loses its connection.
    await expect.poll(async () => (await leftovers(folder)).length, { timeout: 5000 }).toBe(1);
    request.destroy();
    await expect.poll(async () => (await leftovers(folder)).length, { timeout: 5000 }).toBe(0);
    expect(await readdir(folder)).toEqual(before);
  });

  it('refuses an unknown kind, a JSON body, a student and no token', async () => {
    const pdf = await readFile(join(demoMaterialsDir, 'sets-worksheet.pdf'));
    expect((await upload('exe', pdf)).status).toBe(400);
    expect((await upload('pdf', Buffer.from('{"file":"JVBERi0="}'), teacher, 'application/json')).status).toBe(415);
    expect((await upload('pdf', pdf, student)).status).toBe(401);
    expect((await upload('pdf', pdf, 'x'.repeat(30))).status).toBe(401);
  });
});

describe('authoring subjects, chapters, topics and materials', () => {
  it('adds a chapter with a topic and a material that an enrolled student then sees, in the order staff chose', async () => {
    const chapter = await call('/Chapter/save', { subject_id: physicsId, name: 'Gravitation' });
    expect(chapter.status).toBe(200);
    const chapterId = chapter.body.data.id;
    const video = (await upload('video', await readFile(join(demoMediaDir, 'videos/lesson-c.webm')))).body.data.address;
    const first = await call('/Topic/save', {
      chapter_id: chapterId,
      name: "Kepler's laws",
      video_link: video,
      duration_seconds: 12,
    });
    expect(first.body.data).toMatchObject({
      name: "Kepler's laws",
      video_link: video,
      duration_seconds: 12,
      watched_by: 0,
    });
    const second = await call('/Topic/save', {
      chapter_id: chapterId,
      name: 'Escape velocity',
      video_link: 'https://www.youtube.com/watch?v=abc123',
    });
    expect(second.status).toBe(200);
    expect((await studentTopics(chapterId)).map((topic) => topic.topic_name)).toEqual([
      "Kepler's laws",
      'Escape velocity',
    ]);
    const signed = (await studentTopics(chapterId))[0]!.video_link;
    expect(signed).toMatch(/^\/media\/v\//);
    expect(await statusOf(t.url + signed)).toBe(200);

    expect((await call('/Course/move', { kind: 'topic', id: second.body.data.id, direction: 'up' })).body.message).toBe(
      'Moved.',
    );
    expect((await studentTopics(chapterId)).map((topic) => topic.topic_name)).toEqual([
      'Escape velocity',
      "Kepler's laws",
    ]);
    expect((await call('/Course/move', { kind: 'topic', id: second.body.data.id, direction: 'up' })).body.message).toBe(
      'It is already first.',
    );

    const pdf = (await upload('pdf', await readFile(join(demoMaterialsDir, 'sets-worksheet.pdf')))).body.data.address;
    const material = await call('/Material/save', {
      chapter_id: chapterId,
      title: 'Gravitation notes',
      file_name: pdf,
    });
    expect(material.body.data).toMatchObject({ title: 'Gravitation notes', file_name: pdf, password_protected: false });
    const listed = await t.post(
      '/Student/study_materials',
      { stud_id: t.demo.demoStudentId, sub_id: physicsId, chapter_id: chapterId },
      student,
    );
    expect(listed.body.data).toHaveLength(1);
    const served = await fetch(t.url + listed.body.data[0].path, { headers: { Token: student } });
    expect(served.status).toBe(200);
    expect(
      Buffer.from(await served.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const tree = await call('/Course/subject', { subject_id: physicsId });
    const authored = tree.body.data.chapters.find((c: { id: number }) => c.id === chapterId);
    expect(authored).toMatchObject({ name: 'Gravitation', quizzes: 0, materials: [{ title: 'Gravitation notes' }] });
    expect(authored.topics.map((topic: { name: string }) => topic.name)).toEqual(['Escape velocity', "Kepler's laws"]);

    const actions = await t.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE action LIKE 'topic.%' OR action LIKE 'chapter.%' OR action LIKE 'material.%' ORDER BY id`,
    );
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['chapter.add', 'topic.add', 'topic.move', 'material.add']),
    );
  });

  it.each([
    ['http://www.youtube.com/watch?v=1', 'must be an https address'],
    ['https://example.com/video', 'must be a YouTube, Vimeo or .m3u8 (HLS) address'],
    ['/media/uploads/0123456789abcdef0123456789abcdef.webm', 'upload the video first'],
    ['/media/subjects/physics.webp', 'is not a video'],
    ['/media/../../etc/passwd.webm', 'is not a file under /media/'],
  ])('checks the video address %s before it is saved', async (video_link, problem) => {
    const chapterId = t.demo.subjects.find((s) => s.name === 'Physics')!.chapters[0]!.id;
    const answer = await call('/Topic/save', { chapter_id: chapterId, name: 'Bad link', video_link });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(problem);
    expect((await studentTopics(chapterId)).map((topic) => topic.topic_name)).not.toContain('Bad link');
  });

  it('refuses a material whose file is not an uploaded PDF', async () => {
    const chapterId = t.demo.subjects.find((s) => s.name === 'Physics')!.chapters[0]!.id;
    expect(
      (await call('/Material/save', { chapter_id: chapterId, title: 'x', file_name: 'missing.pdf' })).body.message,
    ).toContain('upload the PDF first');
    expect(
      (await call('/Material/save', { chapter_id: chapterId, title: 'x', file_name: '../secrets.pdf' })).body.message,
    ).toContain('file_name must be the name of an uploaded PDF');
  });

  it('asks before deleting a topic students have watched, then hides it and keeps their history in insights', async () => {
    const chapterId = t.demo.subjects.find((s) => s.name === 'Physics')!.chapters[0]!.id;
    const topic = (
      await call('/Topic/save', { chapter_id: chapterId, name: 'Watched topic', video_link: 'https://vimeo.com/123' })
    ).body.data;
    expect(
      (
        await t.post(
          '/Student/watched',
          { stud_id: t.demo.demoStudentId, topic_id: topic.id, position_seconds: 30 },
          student,
        )
      ).status,
    ).toBe(200);

    const asked = await call('/Topic/delete', { id: topic.id });
    expect(asked.status).toBe(409);
    expect(asked.body.message).toBe(
      '1 student has watched Watched topic. Deleting it hides it from students and keeps their watch history; send confirm: true to go ahead.',
    );
    expect((await studentTopics(chapterId)).map((x) => x.topic_name)).toContain('Watched topic');

    expect((await call('/Topic/delete', { id: topic.id, confirm: true })).body.message).toBe(
      "Watched topic is deleted; students' watch history of it is kept.",
    );
    expect((await studentTopics(chapterId)).map((x) => x.topic_name)).not.toContain('Watched topic');
    const recent = await t.post('/Student/recently_watched', { stud_id: t.demo.demoStudentId }, student);
    expect((recent.body.data.data as { topic_name: string }[]).map((x) => x.topic_name)).not.toContain('Watched topic');
    expect(
      (await t.post('/Student/watched', { stud_id: t.demo.demoStudentId, topic_id: topic.id }, student)).status,
    ).toBe(404);
    const progress = await call('/Insights/student', { stud_id: t.demo.demoStudentId });
    expect(JSON.stringify(progress.body.data)).toContain('Watched topic (deleted)');
  });

  it('deletes an unwatched topic at once, and refuses to delete a chapter or subject that still holds anything', async () => {
    const subject = (await call('/Subject/save', { name: 'Astronomy' })).body.data;
    expect(subject).toMatchObject({ name: 'Astronomy', chapters: 0, students: 0 });
    const chapter = (await call('/Chapter/save', { subject_id: subject.id, name: 'Stars' })).body.data;
    const topic = (
      await call('/Topic/save', { chapter_id: chapter.id, name: 'Life of a star', video_link: 'https://youtu.be/xyz' })
    ).body.data;

    const refused = await call('/Subject/delete', { id: subject.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Astronomy still has 1 chapter. Delete them first.');
    expect((await call('/Chapter/delete', { id: chapter.id })).body.message).toContain('Stars still holds 1 topic');

    expect((await call('/Topic/delete', { id: topic.id })).body.message).toBe('Life of a star is deleted.');
    expect((await t.db.query('SELECT 1 FROM topics WHERE id = $1', [topic.id])).length).toBe(0);
    expect((await call('/Chapter/delete', { id: chapter.id })).status).toBe(200);
    expect((await call('/Subject/delete', { id: subject.id })).body.message).toBe('Astronomy is deleted.');
    expect((await call('/Subject/delete', { id: physicsId })).body.message).toMatch(
      /^\d+ students? (is|are) enrolled in Physics/,
    );
  });

  it('answers 404 for items that are not there, and 400 for a new item without its parent', async () => {
    expect((await call('/Topic/save', { id: 999999, name: 'x', video_link: 'https://vimeo.com/1' })).status).toBe(404);
    expect((await call('/Topic/save', { name: 'x', video_link: 'https://vimeo.com/1' })).body.message).toBe(
      'chapter_id: a new topic needs its chapter',
    );
    expect((await call('/Chapter/save', { subject_id: 999999, name: 'x' })).status).toBe(404);
    expect((await call('/Course/move', { kind: 'subject', id: 999999, direction: 'up' })).status).toBe(404);
    expect((await call('/Subject/save', { name: '  ' })).body.message).toContain('name is required');
  });
});
