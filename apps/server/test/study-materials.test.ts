import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseByteRange } from '../src/media/byte-range.ts';
import { demoMaterialsDir as materialsRoot } from '../src/paths.ts';
import { startTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let token: string;
let otherToken: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await t.tokenFor(t.demo.demoStudentId);
  otherToken = await t.tokenFor(t.demo.otherStudentId);
});
afterAll(() => t.close());

const chapter = (subject: string, name: string) => {
  const s = t.demo.subjects.find((x) => x.name === subject)!;
  return { sub_id: s.id, chapter_id: s.chapters.find((c) => c.name === name)!.id };
};
const list = (body: object, as = token) => t.post('/Student/study_materials', body, as);
const fetchFile = (path: string, headers: Record<string, string> = {}) => fetch(t.url + path, { headers });

async function materialsOf(subject: string, chapterName: string, studentId: number, as: string) {
  const { body } = await list({ stud_id: studentId, ...chapter(subject, chapterName) }, as);
  return body.data as { id: number; title: string; path: string }[];
}

describe('POST /Student/study_materials', () => {
  it("lists a chapter's materials in order with chapter and subject names and a path to fetch", async () => {
    const { status, body } = await list({
      stud_id: t.demo.demoStudentId,
      ...chapter('Physics', 'Units and Measurements'),
    });
    expect(status).toBe(200);
    expect(body.data.map((m: { title: string }) => m.title)).toEqual([
      'Units and Measurements - Notes',
      'Physics Formula Handbook',
      'Further Reading (links)',
      'Practice Set 1 (password protected)',
    ]);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      title: 'Units and Measurements - Notes',
      chapter_name: 'Units and Measurements',
      subject_name: 'Physics',
      path: `${t.config.API_BASE}/materials/${body.data[0].id}/units-and-measurements-notes.pdf`,
    });
  });

  it('answers an empty list for a chapter without materials', async () => {
    const { status, body } = await list({ stud_id: t.demo.demoStudentId, ...chapter('Physics', 'Laws of Motion') });
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
  });

  it('refuses a chapter that does not belong to sub_id with 404', async () => {
    const { chapter_id } = chapter('Physics', 'Units and Measurements');
    const { status, body } = await list({
      stud_id: t.demo.demoStudentId,
      sub_id: chapter('Chemistry', 'Structure of Atom').sub_id,
      chapter_id,
    });
    expect(status).toBe(404);
    expect(JSON.stringify(body)).not.toContain('Handbook');
  });

  it("does not show another student's chapter, even with its own subject id", async () => {
    const { status, body } = await list({ stud_id: t.demo.demoStudentId, ...chapter('Biology', 'The Living World') });
    expect(status).toBe(404);
    expect(JSON.stringify(body)).not.toContain('Living World - Notes');
  });

  it('refuses a missing token (401), another stud_id (403) and a missing chapter_id (400)', async () => {
    const body = { stud_id: t.demo.demoStudentId, ...chapter('Physics', 'Units and Measurements') };
    expect((await t.post('/Student/study_materials', body)).status).toBe(401);
    expect((await list({ ...body, stud_id: t.demo.otherStudentId })).status).toBe(403);
    const missing = await list({ stud_id: t.demo.demoStudentId, sub_id: body.sub_id });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/chapter_id/);
  });
});

describe('GET {API_BASE}/materials/{id}/{file}', () => {
  let notes: { id: number; path: string };
  let biology: { id: number; path: string };
  beforeAll(async () => {
    notes = (await materialsOf('Physics', 'Units and Measurements', t.demo.demoStudentId, token))[0]!;
    biology = (await materialsOf('Biology', 'The Living World', t.demo.otherStudentId, otherToken))[0]!;
  });

  it('sends the PDF to an enrolled student, inline, privately cached, with ranges offered', async () => {
    const response = await fetchFile(notes.path, { Token: token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('inline; filename="units-and-measurements-notes.pdf"');
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    // Opened on its own it is a page in the browser's PDF viewer, so it gets a page's headers, not an API call's.
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(await readFile(`${materialsRoot}units-and-measurements-notes.pdf`))).toBe(true);
  });

  it('answers a Range request with 206 and exactly those bytes', async () => {
    const whole = await readFile(`${materialsRoot}units-and-measurements-notes.pdf`);
    const response = await fetchFile(notes.path, { Token: token, Range: 'bytes=100-299' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 100-299/${whole.length}`);
    expect(Buffer.from(await response.arrayBuffer()).equals(whole.subarray(100, 300))).toBe(true);

    const tail = await fetchFile(notes.path, { Token: token, Range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(whole.subarray(whole.length - 10))).toBe(true);

    const beyond = await fetchFile(notes.path, { Token: token, Range: `bytes=${whole.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${whole.length}`);
  });

  it('revalidates with the ETag instead of sending the file again', async () => {
    const first = await fetchFile(notes.path, { Token: token });
    await first.arrayBuffer();
    const again = await fetchFile(notes.path, { Token: token, 'If-None-Match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('refuses a signed-out request with 401', async () => {
    const response = await fetchFile(notes.path);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/json/);
  });

  it("refuses another student's file with 404, as if it did not exist", async () => {
    const response = await fetchFile(biology.path, { Token: token });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/json/);
    expect((await fetchFile(biology.path, { Token: otherToken })).status).toBe(200);
  });

  it('never reads a path from the address', async () => {
    const base = `${t.config.API_BASE}/materials`;
    for (const path of [
      `${base}/..%2F..%2Fpackage.json/x.pdf`,
      `${base}/${notes.id}/..%2F..%2Fpackage.json`,
      `${base}/${notes.id}/living-world-notes.pdf`,
      `${base}/%2E%2E/package.json`,
      `${base}/99999/units-and-measurements-notes.pdf`,
    ]) {
      const response = await fetchFile(path, { Token: token });
      expect([400, 404], path).toContain(response.status);
      expect(await response.text()).not.toContain('%PDF');
    }
  });
});

describe('parseByteRange', () => {
  it('reads one range and ignores what it does not serve', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=950-5000', 1000)).toEqual({ start: 950, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-1,5-6', 1000)).toBeUndefined();
    expect(parseByteRange('bytes=9-3', 1000)).toBeUndefined();
    expect(parseByteRange('items=0-1', 1000)).toBeUndefined();
    expect(parseByteRange(undefined, 1000)).toBeUndefined();
  });
});
