import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import prune from '../src/cli/commands/media-prune.ts';
import { runCliCollected } from './cli-output.ts';
import { demoMaterialsDir, demoMediaDir } from '../src/paths.ts';
import { startTestApp, type TestApp } from './helper.ts';
import { copyTemplate } from './pglite-templates.ts';

let t: TestApp;
let dir: string;
let teacher: string;
let chapterId: number;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-prune-'));
  t = await startTestApp({
    seed: 'courses',
    env: { MEDIA_DIR: join(dir, 'media'), MATERIALS_DIR: join(dir, 'materials') },
  });
  teacher = await t.staffTokenFor('teacher');
  chapterId = t.demo.subjects[0]!.chapters[0]!.id;
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const TWO_DAYS_AGO = new Date(Date.now() - 48 * 3600_000);

/** A file put straight into a folder, written two days ago unless `fresh`. */
async function put(path: string, { fresh = false, bytes = Buffer.from('x'.repeat(2048)) } = {}) {
  const file = join(dir, path);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, bytes);
  if (!fresh) await utimes(file, TWO_DAYS_AGO, TWO_DAYS_AGO);
}

const age = (path: string) => utimes(join(dir, path), TWO_DAYS_AGO, TWO_DAYS_AGO);

async function upload(kind: string, bytes: Buffer) {
  const response = await fetch(`${t.url}${t.config.CONSOLE_API_BASE}/Media/upload?kind=${kind}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', Token: teacher },
    body: bytes,
  });
  return ((await response.json()) as { data: { address: string } }).data.address;
}

/** `npm run portal -- media prune [--yes]` against the test's database and folders. */
async function portalMediaPrune(...argv: string[]) {
  const out: string[] = [];
  const code = await prune.run({
    options: { yes: argv.includes('--yes') },
    positionals: [],
    db: t.db,
    config: t.config,
    print: (line) => out.push(line),
  });
  return { code, out };
}

async function filesLeft(): Promise<string[]> {
  const all = await readdir(dir, { recursive: true, withFileTypes: true });
  return all
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

describe('npm run portal -- media prune', () => {
  it('lists old files nothing refers to, removes them only with --yes, and keeps referenced and fresh ones', async () => {
    // Referred to by rows: a saved material's PDF, a news picture, an HLS playlist with its segments.
    const pdf = await upload('pdf', await readFile(join(demoMaterialsDir, 'sets-worksheet.pdf')));
    const saved = await t.consolePost(
      '/Material/save',
      { chapter_id: chapterId, title: 'Notes', file_name: pdf },
      teacher,
    );
    expect(saved.status).toBe(200);
    await age(`materials/${pdf}`);
    await put('media/news/fair.webp');
    await t.db.query(`INSERT INTO news (heading, image) VALUES ('Science fair', '/media/news/fair.webp')`);
    await put('media/hls/lesson/stream.m3u8');
    await put('media/hls/lesson/720p/segment-1.ts');
    await t.db.query(`INSERT INTO topics (chapter_id, name, video_link) VALUES ($1, 'Streamed', $2)`, [
      chapterId,
      '/media/hls/lesson/stream.m3u8',
    ]);
    // Nothing refers to these, and they are old: garbage.
    await put('media/uploads/0123456789abcdef0123456789abcdef.webm', { bytes: Buffer.alloc(3 * 1024 * 1024) });
    await put('materials/upload-00000000000000000000000000000000.pdf');
    // Nothing refers to these yet, but they are new: an upload awaiting its save, and an old file uploaded again today.
    await put('media/uploads/ffffffffffffffffffffffffffffffff.webm', { fresh: true });
    const again = await upload('video', await readFile(join(demoMediaDir, 'videos/lesson-c.webm')));
    await age(again);
    // Outside the two folders, even through a link from inside: never touched.
    await put('elsewhere/keep-me.pdf');
    await symlink(join(dir, 'elsewhere/keep-me.pdf'), join(dir, 'materials/upload-link.pdf'));
    const before = await filesLeft();

    const listed = await portalMediaPrune();
    expect(listed.code).toBe(0);
    expect(listed.out).toEqual([
      'media/uploads/0123456789abcdef0123456789abcdef.webm  3 MB',
      'materials/upload-00000000000000000000000000000000.pdf  2 KB',
      'Kept: 2 files nothing refers to yet, written in the last 24 hours (an upload may await its save).',
      '2 files nothing refers to, 3 MB. Nothing was removed: add --yes to remove them.',
    ]);
    expect(await filesLeft()).toEqual(before);

    const removed = await portalMediaPrune('--yes');
    expect(removed.out.at(-1)).toBe('Removed 2 files nothing referred to, 3 MB.');
    expect(await filesLeft()).toEqual(
      before.filter((file) => !file.includes('0123456789abcdef0123') && !file.includes('upload-0000')),
    );
    expect(await filesLeft()).toEqual(
      expect.arrayContaining([
        `materials/${pdf}`,
        'media/news/fair.webp',
        'media/hls/lesson/stream.m3u8',
        'media/hls/lesson/720p/segment-1.ts',
        'media/uploads/ffffffffffffffffffffffffffffffff.webm',
        again.slice(1),
      ]),
    );
    const [audit] = await t.db.query<{ actor: string; before: { files: string[] } }>(
      `SELECT actor, before FROM audit_log WHERE action = 'media.prune'`,
    );
    expect(audit).toEqual({
      actor: 'command line',
      before: {
        files: [
          'media/uploads/0123456789abcdef0123456789abcdef.webm',
          'materials/upload-00000000000000000000000000000000.pdf',
        ],
        bytes: 3 * 1024 * 1024 + 2048,
      },
    });

    expect((await lstat(join(dir, 'materials/upload-link.pdf'))).isSymbolicLink()).toBe(true);
    expect(await filesLeft()).toContain('elsewhere/keep-me.pdf');

    expect((await portalMediaPrune('--yes')).out.at(-1)).toBe('No file to remove: every older file is referred to.');
  });

  // Opens an embedded database on disk, which takes seconds on a busy machine: whatever the run, so the PostgreSQL
  // run leaves it to the PGlite one rather than doing the same again.
  it.skipIf(process.env.TEST_DATABASE_URL)(
    'is a command of npm run portal, dry by default',
    {
      timeout: 180_000,
    },
    async () => {
      const cli = join(dir, 'cli');
      await put('cli/media/uploads/0123456789abcdef0123456789abcdef.png');
      // As a fresh initdb leaves it (pglite-templates.ts): the command still migrates it.
      await copyTemplate(join(cli, 'data', 'pglite'));
      const env = {
        DATA_DIR: join(cli, 'data'),
        MEDIA_DIR: join(cli, 'media'),
        MATERIALS_DIR: join(cli, 'materials'),
        NODE_ENV: 'test',
      };
      const portal = async (...argv: string[]) => {
        const { code, out, err } = await runCliCollected(argv, env);
        return { code, out: out.split('\n'), err };
      };
      expect(await portal('media', 'prune')).toEqual({
        code: 0,
        out: [
          'media/uploads/0123456789abcdef0123456789abcdef.png  2 KB',
          '1 file nothing refers to, 2 KB. Nothing was removed: add --yes to remove them.',
        ],
        err: '',
      });
      expect((await portal('media', 'prune', 'everything')).code).toBe(1);
      expect((await portal('media', 'prune', '--yes')).out).toEqual([
        'media/uploads/0123456789abcdef0123456789abcdef.png  2 KB',
        'Removed 1 file nothing referred to, 2 KB.',
      ]);
      expect(await readdir(join(cli, 'media/uploads'))).toEqual([]);
    },
  );
});
