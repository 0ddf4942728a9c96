import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMediaDir } from '../src/paths.ts';
import { startTestApp, type TestApp } from './helper.ts';

// A real disk that fills: the media folder is a 1 MB tmpfs, which needs root to mount (skipped otherwise).
let dir = '';
let disk = '';
let mounted = false;
let t: TestApp;
let teacher = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-disk-full-'));
  disk = join(dir, 'media');
  await mkdir(disk);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', disk], { stdio: 'ignore' });
    mounted = true;
  } catch {
    return;
  }
  t = await startTestApp({ env: { MEDIA_DIR: disk, MATERIALS_DIR: join(dir, 'materials') } });
  teacher = await t.staffTokenFor('teacher');
}, 180_000);
afterAll(async () => {
  await t?.close();
  if (mounted) execFileSync('umount', ['--lazy', disk]);
  await rm(dir, { recursive: true, force: true });
});

const upload = async (kind: string, bytes: Buffer) => {
  const response = await fetch(`${t.url}${t.config.CONSOLE_API_BASE}/Media/upload?kind=${kind}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', Token: teacher },
    body: bytes,
  });
  return { status: response.status, body: (await response.json()) as { status: boolean; message: string } };
};

describe('a disk that fills during an upload', () => {
  it('answers 507 with a message staff can act on, leaves no partial file, and takes the next upload that fits', async (context) => {
    if (!mounted) context.skip('mounting a tmpfs needs root');
    const webm = await readFile(join(demoMediaDir, 'videos/lesson-a.webm'));
    const tooBig = Buffer.concat([webm.subarray(0, 64 * 1024), Buffer.alloc(30 * 1024 * 1024, 1)]);
    const answer = await upload('video', tooBig);
    expect(answer).toEqual({
      status: 507,
      body: { status: false, message: expect.stringMatching(/^The server's disk is full/), code: 'server_error' },
    });
    expect(await readdir(join(disk, 'uploads'))).toEqual([]);

    const picture = await readFile(join(demoMediaDir, 'subjects/physics.webp'));
    const next = await upload('picture', picture);
    expect(next.status).toBe(200);
    expect(await readdir(join(disk, 'uploads'))).toHaveLength(1);
  });
});
