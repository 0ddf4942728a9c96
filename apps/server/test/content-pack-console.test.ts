import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_CONTENT_PACK_BYTES } from '@portal/contract/console';
import { aliasBombYaml, goodYaml, writePack } from './content-pack-fixture.ts';
import { startTestApp, type TestApp } from './helper.ts';
import { statusOf } from './status-of.ts';

let t: TestApp;
let dir: string;
let teacher: string;
let admin: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-pack-console-'));
  t = await startTestApp({
    seed: 'courses',
    env: { MEDIA_DIR: join(dir, 'media'), MATERIALS_DIR: join(dir, 'materials') },
  });
  teacher = await t.staffTokenFor('teacher');
  admin = await t.staffTokenFor('admin');
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** A pack folder zipped as a person would: the folder itself inside the zip. */
async function zipFolder(folder: string): Promise<Uint8Array> {
  const entries: Zippable = {};
  for (const name of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!name.isFile()) continue;
    const path = join(name.parentPath, name.name);
    entries[`course/${relative(folder, path)}`] = new Uint8Array(await readFile(path));
  }
  return zipSync(entries);
}
const zipOf = (entries: Zippable) => zipSync(entries);

/** POSTs a zip's bytes as the console does: the body itself, not base64 in JSON. */
async function postZip(path: string, zip: Uint8Array, token?: string, type = 'application/zip') {
  const answer = await fetch(`${t.url}${t.config.CONSOLE_API_BASE}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': type, ...(token ? { Token: token } : {}) },
    body: zip,
  });
  return { status: answer.status, body: (await answer.json()) as any };
}
/** The temporary folders uploaded zips are streamed into (receive-pack.ts). */
const packUploads = async () => (await readdir(tmpdir())).filter((name) => name.startsWith('portal-pack-zip-')).sort();
const newsCount = async () => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM news`))[0]!.n;

describe('console: content pack import', () => {
  it('a teacher sees every problem with its place, and nothing is stored', async () => {
    const bad = goodYaml.replace('answer: 1\n', 'answer: 4\n');
    const file = await zipFolder(await writePack(join(dir, 'bad'), bad));
    for (const path of ['/Content/import_preview', '/Content/import_commit']) {
      const answer = await postZip(path, file, teacher);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({
        problems: [
          { place: 'subjects[0].chapters[0].quizzes[0].questions[1]', message: 'answer 4 but only 3 options' },
        ],
        counts: null,
      });
    }
    expect(await newsCount()).toBe(0);
    expect(await readdir(join(dir, 'media')).catch(() => [])).toEqual([]);
  });

  it('previews, commits in one transaction recorded in the audit log, and a second commit changes nothing', async () => {
    const file = await zipFolder(await writePack(join(dir, 'good')));
    const preview = await postZip('/Content/import_preview', file, teacher);
    // The demo courses already hold Physics (its picture changes) and its chapter Units and Measurements (unchanged).
    expect(preview.body).toMatchObject({
      status: true,
      message: 'Would import: 9 new, 1 updated, 1 unchanged.',
      data: { problems: [], counts: { new: 9, updated: 1, unchanged: 1 } },
    });
    expect(await newsCount()).toBe(0);

    const commit = await postZip('/Content/import_commit', file, teacher);
    expect(commit.body.message).toBe('Imported: 9 new, 1 updated, 1 unchanged.');
    expect(await newsCount()).toBe(1);
    const [entry] = await t.db.query<{ actor: string; action: string; after: unknown }>(
      `SELECT actor, action, after FROM audit_log WHERE action = 'content.import'`,
    );
    expect(entry).toMatchObject({ action: 'content.import', after: { new: 9, updated: 1, unchanged: 1 } });
    expect(entry!.actor).toMatch(/\(teacher\)$/);

    const again = await postZip('/Content/import_commit', file, admin);
    expect(again.body.data.counts).toEqual({ new: 0, updated: 0, unchanged: 11 });
    // The subject is the one the roster enrols students in, by name: it is served with its picture.
    const [subject] = await t.db.query<{ thumbnail: string }>(
      `SELECT thumbnail FROM subjects WHERE name = 'Physics' AND thumbnail LIKE '/media/pack/%'`,
    );
    expect(await statusOf(t.url + subject!.thumbnail)).toBe(200);
  });

  it('refuses a zip whose names leave the folder (zip slip), and writes nothing', async () => {
    const file = zipOf({ 'content.yaml': strToU8('subjects: []\n'), '../../evil.txt': strToU8('x') });
    const answer = await postZip('/Content/import_preview', file, teacher);
    expect(answer).toMatchObject({
      status: 400,
      body: { status: false, message: "file: ../../evil.txt would be written outside the pack's folder" },
    });
  });

  it('refuses a zip that says it unpacks to more than the cap (a zip bomb) before unpacking it', async () => {
    const bytes = Buffer.from(
      zipSync({ 'content.yaml': strToU8('subjects: []\n'), 'videos/huge.webm': new Uint8Array(1000) }),
    );
    // Write 2 GB as the video's unpacked size in its local and central headers, as a bomb's would read.
    for (const [signature, at] of [
      [0x04034b50, 22],
      [0x02014b50, 24],
    ] as const) {
      for (let i = 0; i + 4 <= bytes.length; i++)
        if (
          bytes.readUInt32LE(i) === signature &&
          bytes.toString('latin1', i + (signature === 0x04034b50 ? 30 : 46)).startsWith('videos/')
        )
          bytes.writeUInt32LE(0x7fffffff, i + at);
    }
    const answer = await postZip('/Content/import_preview', bytes, teacher);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^file: the zip unpacks to more than \d+ MB$/);
  });

  it('refuses a content.yaml that is a YAML alias bomb with a 400 naming it, and answers the next import as ever', async () => {
    const bomb = zipOf({ 'content.yaml': strToU8(aliasBombYaml) });
    for (const path of ['/Content/import_preview', '/Content/import_commit']) {
      const answer = await postZip(path, bomb, teacher);
      expect(answer).toMatchObject({
        status: 400,
        body: {
          status: false,
          message: expect.stringMatching(
            /^file: content\.yaml: its aliases \(\*name\) expand more than 100 times, as a YAML alias bomb/,
          ),
        },
      });
    }
    const next = await postZip(
      '/Content/import_preview',
      zipOf({ 'content.yaml': strToU8('subjects: []\n') }),
      teacher,
    );
    expect(next).toMatchObject({
      status: 200,
      body: { data: { problems: [], counts: { new: 0, updated: 0, unchanged: 0 } } },
    });
  });

  it('refuses what is not a zip by its content, a zip without content.yaml, a file over the cap and a JSON body, and leaves no temporary file', async () => {
    const before = await packUploads();
    const notZip = await postZip('/Content/import_preview', Buffer.from('%PDF-1.4 hello'), teacher);
    expect(notZip).toMatchObject({
      status: 400,
      body: { status: false, message: 'file: the file is not a zip archive' },
    });
    // Said to be a zip, but not one by its first bytes: refused at once, whatever its length.
    const fakeZip = await postZip(
      '/Content/import_preview',
      Buffer.alloc(3 * 1024 * 1024, 1),
      teacher,
      'application/octet-stream',
    );
    expect(fakeZip).toMatchObject({
      status: 400,
      body: { status: false, message: 'file: the file is not a zip archive' },
    });
    const empty = await postZip('/Content/import_preview', new Uint8Array(0), teacher);
    expect(empty).toMatchObject({ status: 400, body: { message: 'file is empty' } });
    const noYaml = await postZip('/Content/import_preview', zipOf({ 'readme.txt': strToU8('hi') }), teacher);
    expect(noYaml).toMatchObject({ status: 400, body: { message: 'file: the zip holds no content.yaml' } });
    const broken = await postZip('/Content/import_preview', Buffer.from('PK\x03\x04 broken'), teacher);
    expect(broken.status).toBe(400);
    const huge = Buffer.alloc(MAX_CONTENT_PACK_BYTES + 1);
    huge.write('PK\x03\x04', 'latin1');
    const tooLarge = await postZip('/Content/import_preview', huge, teacher);
    expect(tooLarge).toMatchObject({ status: 413, body: { status: false, message: 'file is larger than 50 MB' } });
    // The former way (base64 in JSON) is refused with a message that says what to send.
    const json = await t.consolePost(
      '/Content/import_preview',
      { file: Buffer.from(zipOf({ 'content.yaml': strToU8('subjects: []\n') })).toString('base64') },
      teacher,
    );
    expect(json).toMatchObject({
      status: 415,
      body: { status: false, message: 'Send the zip itself as the body, with Content-Type: application/zip.' },
    });
    expect(await packUploads()).toEqual(before);
  });

  it('removes the uploaded zip when the client goes away in the middle of it, and answers the next import as ever', async () => {
    const before = await packUploads();
    const body = Buffer.alloc(4 * 1024 * 1024, 7);
    body.write('PK\x03\x04', 'latin1');
    const url = new URL(`${t.url}${t.config.CONSOLE_API_BASE}/Content/import_preview`);
    const call = request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/zip', 'Content-Length': body.length, Token: teacher },
    });
    call.on('error', () => {});
    call.write(body.subarray(0, body.length / 2));
    // Gone once the server has started writing it: the temporary folder exists, then is removed.
    await vi.waitFor(async () => expect((await packUploads()).length).toBeGreaterThan(before.length), {
      timeout: 10_000,
      interval: 20,
    });
    call.destroy();
    await vi.waitFor(async () => expect(await packUploads()).toEqual(before), { timeout: 10_000, interval: 20 });
    const next = await postZip(
      '/Content/import_preview',
      zipOf({ 'content.yaml': strToU8('subjects: []\n') }),
      teacher,
    );
    expect(next).toMatchObject({
      status: 200,
      body: { data: { problems: [], counts: { new: 0, updated: 0, unchanged: 0 } } },
    });
  });

  it('is for staff only', async () => {
    const file = zipOf({ 'content.yaml': strToU8('subjects: []\n') });
    expect((await postZip('/Content/import_commit', file)).status).toBe(401);
    const student = await t.tokenFor(t.demo.demoStudentId);
    expect((await postZip('/Content/import_commit', file, student)).status).toBe(401);
  });
});
