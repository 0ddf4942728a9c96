import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitiseOriginalName } from '../src/media/original-name.ts';
import { demoMaterialsDir, demoMediaDir } from '../src/paths.ts';
import { startTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let teacher: string;
let dir: string;
let physicsId: number;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-original-name-'));
  t = await startTestApp({ env: { MEDIA_DIR: join(dir, 'media'), MATERIALS_DIR: join(dir, 'materials') } });
  teacher = await t.staffTokenFor('teacher');
  physicsId = t.demo.subjects.find((s) => s.name === 'Physics')!.id;
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const call = (path: string, body: unknown) => t.consolePost(path, body, teacher);
/** Uploads bytes as the console does, with the file's own name in the query when given (a raw query string when `rawQuery`). */
const upload = async (kind: string, bytes: Buffer, name?: string, rawQuery?: string) => {
  const query = rawQuery ?? new URLSearchParams({ kind, ...(name === undefined ? {} : { name }) }).toString();
  const response = await fetch(`${t.url}${t.config.CONSOLE_API_BASE}/Media/upload?${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', Token: teacher },
    body: bytes,
  });
  return { status: response.status, body: (await response.json()) as any };
};

describe("an upload's own file name", () => {
  it('is kept, sanitised, and shown in the console for materials, videos and subject pictures instead of the stored name', async () => {
    const chapterId = (await call('/Chapter/save', { subject_id: physicsId, name: 'Original names' })).body.data.id;
    const pdf = await upload(
      'pdf',
      await readFile(join(demoMaterialsDir, 'living-world-notes.pdf')),
      'C:\\fakepath\\Chapter 3 – गुरुत्वाकर्षण notes.pdf',
    );
    expect(pdf.status).toBe(200);
    expect(pdf.body.data).toMatchObject({
      address: expect.stringMatching(/^upload-[0-9a-f]{32}\.pdf$/),
      original_name: 'Chapter 3 – गुरुत्वाकर्षण notes.pdf',
    });
    await call('/Material/save', { chapter_id: chapterId, title: 'Notes', file_name: pdf.body.data.address });

    const video = await upload(
      'video',
      await readFile(join(demoMediaDir, 'videos/lesson-b.webm')),
      'Kepler lecture 1.webm',
    );
    await call('/Topic/save', { chapter_id: chapterId, name: "Kepler's laws", video_link: video.body.data.address });

    const tree = (await call('/Course/subject', { subject_id: physicsId })).body.data;
    const chapter = tree.chapters.find((c: { id: number }) => c.id === chapterId);
    expect(chapter.materials).toEqual([
      expect.objectContaining({
        title: 'Notes',
        file_name: pdf.body.data.address,
        original_name: 'Chapter 3 – गुरुत्वाकर्षण notes.pdf',
      }),
    ]);
    expect(chapter.topics).toEqual([
      expect.objectContaining({
        name: "Kepler's laws",
        video_link: video.body.data.address,
        video_name: 'Kepler lecture 1.webm',
      }),
    ]);

    const picture = await upload(
      'picture',
      await readFile(join(demoMediaDir, 'subjects/biology.webp')),
      'physics cover.webp',
    );
    expect(picture.status).toBe(200);
    await call('/Subject/save', { id: physicsId, name: 'Physics', thumbnail: picture.body.data.address });
    const subjects = (await call('/Course/subjects', {})).body.data.subjects;
    expect(subjects.find((s: { id: number }) => s.id === physicsId)).toMatchObject({
      thumbnail: picture.body.data.address,
      thumbnail_name: 'physics cover.webp',
    });
  });

  it('leaves a file uploaded without a name, or stored before names were kept, to show its stored name', async () => {
    const answer = await upload('pdf', await readFile(join(demoMaterialsDir, 'structure-of-atom-notes.pdf')));
    expect(answer.body.data.original_name).toBeNull();
    const chapterId = (await call('/Chapter/save', { subject_id: physicsId, name: 'No names' })).body.data.id;
    const saved = await call('/Material/save', {
      chapter_id: chapterId,
      title: 'Atoms',
      file_name: answer.body.data.address,
    });
    expect(saved.body.data).toMatchObject({ file_name: answer.body.data.address, original_name: null });
  });

  it('takes the newer name when the same file is uploaded again under another name', async () => {
    const bytes = await readFile(join(demoMaterialsDir, 'sets-worksheet.pdf'));
    const first = await upload('pdf', bytes, 'sets draft.pdf');
    const again = await upload('pdf', bytes, 'Sets worksheet (final).pdf');
    expect(again.body.data.address).toBe(first.body.data.address);
    const [row] = await t.db.query<{ original_name: string }>(
      'SELECT original_name FROM media_names WHERE address = $1',
      [first.body.data.address],
    );
    expect(row!.original_name).toBe('Sets worksheet (final).pdf');
  });

  it('refuses a name that is not one string of at most 1000 characters, before reading the file', async () => {
    const bytes = await readFile(join(demoMaterialsDir, 'sets-worksheet.pdf'));
    expect((await upload('pdf', bytes, 'x'.repeat(1001))).status).toBe(400);
    const twice = await upload('pdf', bytes, undefined, 'kind=pdf&name=a.pdf&name=b.pdf');
    expect(twice).toMatchObject({ status: 400, body: { message: expect.stringContaining('name:') } });
  });
});

describe('sanitiseOriginalName', () => {
  it.each([
    ['notes.pdf', 'notes.pdf'],
    ['C:\\Users\\clerk\\Desktop\\notes.pdf', 'notes.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['  two   spaces\tand a tab .pdf ', 'two spaces and a tab .pdf'],
    ['line\nbreak\u0000.pdf', 'line break.pdf'],
    ['invoice\u202Egpj.exe', 'invoicegpj.exe'],
    ['क्\u200Dष notes.pdf', 'क्\u200Dष notes.pdf'],
    ['cafe\u0301.pdf', 'café.pdf'],
    ['', undefined],
    ['...', undefined],
    ['\u202E', undefined],
    [undefined, undefined],
  ])('%j becomes %j', (raw, kept) => {
    expect(sanitiseOriginalName(raw)).toBe(kept);
  });

  it('shortens a long name to 200 characters and keeps its extension', () => {
    const kept = sanitiseOriginalName(`${'अ'.repeat(300)}.pdf`)!;
    expect([...kept]).toHaveLength(200);
    expect(kept.endsWith('….pdf')).toBe(true);
  });
});
