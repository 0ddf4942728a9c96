import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CONTENT_PACK_BYTES } from '@portal/contract/console';
import { aliasBombYaml, goodYaml, writePack } from './content-pack-fixture.ts';
import { startTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let dir: string;
let teacher: string;
let admin: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-pack-console-'));
  t = await startTestApp({ seed: 'courses', env: { MEDIA_DIR: join(dir, 'media'), MATERIALS_DIR: join(dir, 'materials') } });
  teacher = await t.staffTokenFor('teacher');
  admin = await t.staffTokenFor('admin');
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** A pack folder zipped as a person would: the folder itself inside the zip. */
async function zipFolder(folder: string): Promise<string> {
  const entries: Zippable = {};
  for (const name of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!name.isFile()) continue;
    const path = join(name.parentPath, name.name);
    entries[`course/${relative(folder, path)}`] = new Uint8Array(await readFile(path));
  }
  return Buffer.from(zipSync(entries)).toString('base64');
}
const zipOf = (entries: Zippable) => Buffer.from(zipSync(entries)).toString('base64');
const newsCount = async () => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM news`))[0]!.n;

describe('console: content pack import', () => {
  it('a teacher sees every problem with its place, and nothing is stored', async () => {
    const bad = goodYaml.replace('answer: 1\n', 'answer: 4\n');
    const file = await zipFolder(await writePack(join(dir, 'bad'), bad));
    for (const path of ['/Content/import_preview', '/Content/import_commit']) {
      const answer = await t.consolePost(path, { file }, teacher);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({ problems: [{ place: 'subjects[0].chapters[0].quizzes[0].questions[1]', message: 'answer 4 but only 3 options' }], counts: null });
    }
    expect(await newsCount()).toBe(0);
    expect(await readdir(join(dir, 'media')).catch(() => [])).toEqual([]);
  });

  it('previews, commits in one transaction recorded in the audit log, and a second commit changes nothing', async () => {
    const file = await zipFolder(await writePack(join(dir, 'good')));
    const preview = await t.consolePost('/Content/import_preview', { file }, teacher);
    // The demo courses already hold Physics (its picture changes) and its chapter Units and Measurements (unchanged).
    expect(preview.body).toMatchObject({ status: true, message: 'Would import: 9 new, 1 updated, 1 unchanged.', data: { problems: [], counts: { new: 9, updated: 1, unchanged: 1 } } });
    expect(await newsCount()).toBe(0);

    const commit = await t.consolePost('/Content/import_commit', { file }, teacher);
    expect(commit.body.message).toBe('Imported: 9 new, 1 updated, 1 unchanged.');
    expect(await newsCount()).toBe(1);
    const [entry] = await t.db.query<{ actor: string; action: string; after: unknown }>(`SELECT actor, action, after FROM audit_log WHERE action = 'content.import'`);
    expect(entry).toMatchObject({ action: 'content.import', after: { new: 9, updated: 1, unchanged: 1 } });
    expect(entry!.actor).toMatch(/\(teacher\)$/);

    const again = await t.consolePost('/Content/import_commit', { file }, admin);
    expect(again.body.data.counts).toEqual({ new: 0, updated: 0, unchanged: 11 });
    // The subject is the one the roster enrols students in, by name: it is served with its picture.
    const [subject] = await t.db.query<{ thumbnail: string }>(`SELECT thumbnail FROM subjects WHERE name = 'Physics' AND thumbnail LIKE '/media/pack/%'`);
    expect((await fetch(t.url + subject!.thumbnail)).status).toBe(200);
  });

  it('refuses a zip whose names leave the folder (zip slip), and writes nothing', async () => {
    const file = zipOf({ 'content.yaml': strToU8('subjects: []\n'), '../../evil.txt': strToU8('x') });
    const answer = await t.consolePost('/Content/import_preview', { file }, teacher);
    expect(answer).toMatchObject({ status: 400, body: { status: false, message: "file: ../../evil.txt would be written outside the pack's folder" } });
  });

  it('refuses a zip that says it unpacks to more than the cap (a zip bomb) before unpacking it', async () => {
    const bytes = Buffer.from(zipSync({ 'content.yaml': strToU8('subjects: []\n'), 'videos/huge.webm': new Uint8Array(1000) }));
    // Write 2 GB as the video's unpacked size in its local and central headers, as a bomb's would read.
    for (const [signature, at] of [[0x04034b50, 22], [0x02014b50, 24]] as const) {
      for (let i = 0; i + 4 <= bytes.length; i++) if (bytes.readUInt32LE(i) === signature && bytes.toString('latin1', i + (signature === 0x04034b50 ? 30 : 46)).startsWith('videos/')) bytes.writeUInt32LE(0x7fffffff, i + at);
    }
    const answer = await t.consolePost('/Content/import_preview', { file: bytes.toString('base64') }, teacher);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^file: the zip unpacks to more than \d+ MB$/);
  });

  it('refuses a content.yaml that is a YAML alias bomb with a 400 naming it, and answers the next import as ever', async () => {
    const bomb = zipOf({ 'content.yaml': strToU8(aliasBombYaml) });
    for (const path of ['/Content/import_preview', '/Content/import_commit']) {
      const answer = await t.consolePost(path, { file: bomb }, teacher);
      expect(answer).toMatchObject({ status: 400, body: { status: false, message: expect.stringMatching(/^file: content\.yaml: its aliases \(\*name\) expand more than 100 times, as a YAML alias bomb/) } });
    }
    const next = await t.consolePost('/Content/import_preview', { file: zipOf({ 'content.yaml': strToU8('subjects: []\n') }) }, teacher);
    expect(next).toMatchObject({ status: 200, body: { data: { problems: [], counts: { new: 0, updated: 0, unchanged: 0 } } } });
  });

  it('refuses what is not a zip, a zip without content.yaml, and a file over the cap', async () => {
    const notZip = await t.consolePost('/Content/import_preview', { file: Buffer.from('%PDF-1.4 hello').toString('base64') }, teacher);
    expect(notZip).toMatchObject({ status: 400, body: { status: false, message: 'file: the file is not a zip archive' } });
    const noYaml = await t.consolePost('/Content/import_preview', { file: zipOf({ 'readme.txt': strToU8('hi') }) }, teacher);
    expect(noYaml).toMatchObject({ status: 400, body: { message: 'file: the zip holds no content.yaml' } });
    const broken = await t.consolePost('/Content/import_preview', { file: Buffer.from('PK\x03\x04 broken').toString('base64') }, teacher);
    expect(broken.status).toBe(400);
    const huge = await t.consolePost('/Content/import_preview', { file: 'A'.repeat(Math.ceil(MAX_CONTENT_PACK_BYTES / 3) * 4 + 4) }, teacher);
    expect(huge.status).toBe(400);
    expect(huge.body.message).toContain('file is larger than 50 MB');
  });

  it('is for staff only', async () => {
    const file = zipOf({ 'content.yaml': strToU8('subjects: []\n') });
    expect((await t.consolePost('/Content/import_commit', { file })).status).toBe(401);
    const student = await t.tokenFor(t.demo.demoStudentId);
    expect((await t.consolePost('/Content/import_commit', { file }, student)).status).toBe(401);
  });
});
