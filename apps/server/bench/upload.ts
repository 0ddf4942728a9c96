// Prints how fast the console's upload takes a large video (SIZE_MB, 300 by default) over real HTTP, streamed from
// a file on disk, and how much the process's memory grows meanwhile: the upload is streamed to disk and checked as
// it comes, so memory should not grow with the file. Then the same bytes refused at once for the wrong kind.
import { spawn } from 'node:child_process';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startTestApp } from '../test/helper.ts';

const SIZE_MB = Number(process.env.SIZE_MB ?? 300);
const dir = await mkdtemp(join(tmpdir(), 'portal-upload-bench-'));
const file = join(dir, 'lesson.webm');
const handle = await open(file, 'w');
// A webm header, then zeros: the server looks at the first bytes for the kind, and at every byte for the size and hash.
await handle.write(Buffer.from('1a45dfa3a3428286810142f7810142f2', 'hex'));
const chunk = Buffer.alloc(1024 * 1024);
for (let i = 0; i < SIZE_MB; i++) await handle.write(chunk);
await handle.close();

const t = await startTestApp({
  env: { MEDIA_DIR: join(dir, 'media'), MATERIALS_DIR: join(dir, 'materials'), MAX_VIDEO_MB: String(SIZE_MB + 1) },
});
const token = await t.staffTokenFor('teacher');
// curl in its own process streams the file from disk (-T), so the memory measured below is the server's alone.
const send = (kind: string) =>
  new Promise<{ status: number; body: string }>((done, fail) => {
    const curl = spawn('curl', [
      '-sS',
      '-X',
      'POST',
      '-T',
      file,
      '-H',
      'Content-Type: application/octet-stream',
      '-H',
      `Token: ${token}`,
      '-w',
      '\n%{http_code}',
      `${t.url}${t.config.CONSOLE_API_BASE}/Media/upload?kind=${kind}`,
    ]);
    let out = '';
    curl.stdout.on('data', (data: Buffer) => (out += data.toString()));
    curl.on('error', fail);
    curl.on('close', () => {
      const lines = out.trimEnd().split('\n');
      done({ status: Number(lines.pop()), body: lines.join('\n') });
    });
  });

let peak = process.memoryUsage().rss;
const watch = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const before = process.memoryUsage().rss;
let started = performance.now();
const answer = await send('video');
const took = performance.now() - started;
const body = JSON.parse(answer.body) as { data: { bytes: number } };
console.log(
  `video of ${SIZE_MB} MB: HTTP ${answer.status}, ${body.data.bytes} bytes stored in ${took.toFixed(0)} ms (${((SIZE_MB / took) * 1000).toFixed(0)} MB/s)`,
);
console.log(
  `memory (RSS) before ${(before / 2 ** 20).toFixed(0)} MB, peak during the upload ${(peak / 2 ** 20).toFixed(0)} MB (+${((peak - before) / 2 ** 20).toFixed(0)} MB for a ${SIZE_MB} MB file)`,
);
started = performance.now();
const refused = await send('pdf');
console.log(
  `the same file as a PDF: HTTP ${refused.status} ${refused.body} after ${(performance.now() - started).toFixed(0)} ms`,
);
clearInterval(watch);
await t.close();
await rm(dir, { recursive: true, force: true });
