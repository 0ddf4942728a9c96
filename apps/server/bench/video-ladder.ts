// The encoding ladder of a 720p, 60 s lecture (docs/decisions/074): how long ffmpeg takes per minute of video (wall
// time and CPU time), what each step costs (bits a second, MB a minute), and, in Chromium with the line throttled to
// 400 kbit/s and 400 ms, how soon playback starts (and what it waited for) and how often it stalls in its first 30 s.
// Figures only; nothing is asserted.
// Needs ffmpeg and Chromium; with the web app and the server built (`npm run build`) for the browser part.
//   node --import tsx apps/server/bench/video-ladder.ts            SECONDS=60 SOURCE=lecture|pattern PLAY=30
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { startPortal } from '../../../e2e/support/portal-server.ts';
import { encodeLadder } from '../src/media/video-ladder.ts';

const run = promisify(execFile);
const SECONDS = Number(process.env.SECONDS ?? 60);
const PLAY = Number(process.env.PLAY ?? 30);
const SOURCE = process.env.SOURCE ?? 'lecture';
const root = resolve(import.meta.dirname, '../../..');
const dir = await mkdtemp(join(tmpdir(), 'portal-ladder-bench-'));
const source = join(dir, 'lecture.mp4');

// The source, as a teacher's phone would hand it in: 720p at 30 frames a second, about 2.5 Mbit/s, with sound.
// `lecture`: a still slide with a pointer moving across it (most lectures); `pattern`: every pixel moving (the worst).
const picture =
  SOURCE === 'pattern'
    ? ['-f', 'lavfi', '-i', `testsrc=size=1280x720:rate=30:duration=${SECONDS}`]
    : [
        ...['-f', 'lavfi', '-i', `smptehdbars=size=1280x720:rate=30:duration=${SECONDS}`],
        ...['-f', 'lavfi', '-i', `color=c=red:size=60x60:rate=30:duration=${SECONDS}`],
      ];
const audioInput = SOURCE === 'pattern' ? 1 : 2;
await run('ffmpeg', [
  ...['-v', 'error', '-y', ...picture],
  ...['-f', 'lavfi', '-i', `sine=frequency=300:beep_factor=4:duration=${SECONDS}`],
  ...(SOURCE === 'pattern'
    ? []
    : ['-filter_complex', "[0][1]overlay=x='mod(t*80,1220)':y='300+100*sin(t)'[v]", '-map', '[v]']),
  ...(SOURCE === 'pattern' ? ['-map', '0:v'] : []),
  ...['-map', `${audioInput}:a`],
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '2500k', '-c:a', 'aac', '-b:a', '128k', '-shortest', source],
]);
/**
 * CPU seconds used by this process's finished children (ffmpeg): what the encode costs whatever else the machine runs,
 * where the wall time depends on the other jobs sharing it. Linux's /proc/self/stat, cutime and cstime, in 1/100 s.
 */
async function childCpuSeconds() {
  const line = await readFile('/proc/self/stat', 'utf8');
  // The fields after the command's name in parentheses: the state is the 3rd field, cutime and cstime the 16th and 17th.
  const [cutime = 0, cstime = 0] = line
    .slice(line.lastIndexOf(')') + 2)
    .split(' ')
    .slice(13, 15)
    .map(Number);
  return (cutime + cstime) / 100;
}

console.log(`Source: ${SOURCE}, ${SECONDS} s, ${((await stat(source)).size / 1024 / 1024).toFixed(1)} MB`);

// 1. The encode, as the worker runs it (low priority, one job).
const out = join(dir, 'ladder');
await mkdir(out);
const cpuBefore = await childCpuSeconds();
const started = performance.now();
const { steps } = await encodeLadder({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }, source, out, () => undefined);
const wall = (performance.now() - started) / 1000;
const cpu = (await childCpuSeconds()) - cpuBefore;
console.log(
  `Encode: ${wall.toFixed(1)} s wall for ${SECONDS} s, ${((wall / SECONDS) * 60).toFixed(1)} s per minute of video; ffmpeg's CPU ${((cpu / SECONDS) * 60).toFixed(1)} s per minute`,
);
const files = await readdir(out);
for (const step of steps) {
  const name = `${step.height}p`;
  const bytes = (
    await Promise.all(files.filter((file) => file.startsWith(`${name}-`)).map((file) => stat(join(out, file))))
  ).reduce((sum, s) => sum + s.size, 0);
  console.log(
    `  ${name}: ${Math.round((bytes * 8) / SECONDS / 1000)} kbit/s average (peak ${Math.round(step.bandwidth / 1000)} kbit/s as announced), ${(((bytes / SECONDS) * 60) / 1024 / 1024).toFixed(2)} MB a minute`,
  );
}

// 2. Start and stalls in Chromium on a throttled line, through the built portal (upload, encode, play).
if (process.env.BROWSER === 'off') {
  await rm(dir, { recursive: true, force: true });
  process.exit(0);
}
const portal = await startPortal(join(root, 'apps/web/dist'), { embedded: true, env: { ENCODE_CONCURRENCY: '1' } });
const outboxCode = async (mobile: string, seen: number) => {
  for (;;) {
    const lines = (await readFile(portal.outbox, 'utf8').catch(() => '')).split('\n').filter(Boolean);
    const found = lines
      .slice(seen)
      .map((line) => JSON.parse(line) as { to: string; text: string })
      .find((m) => m.to.endsWith(mobile));
    if (found) return /\b(\d{4,8})\b/.exec(found.text)![1]!;
    await new Promise((done) => setTimeout(done, 200));
  }
};
const outboxLines = async () =>
  (await readFile(portal.outbox, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;
/** POSTs JSON and answers the envelope (`data`, and `token` from a sign-in). */
const postJson = async <T>(path: string, data: object, token?: string) =>
  (await (
    await fetch(`${portal.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Token: token } : {}) },
      body: JSON.stringify(data),
    })
  ).json()) as { data: T; token: string };
async function signIn(base: string, mobile: string, body: object) {
  const seen = await outboxLines();
  const sent = await postJson<{ otp_ref: string }>(`${base}/Auth/login`, body);
  return postJson<unknown>(`${base}/Auth/verifyOTP`, {
    otp_ref: sent.data.otp_ref,
    otp: await outboxCode(mobile, seen),
  });
}
/** The page's globals this bench touches (the server's TypeScript has no DOM types). */
interface PageVideo {
  currentTime: number;
  addEventListener(event: string, listener: () => void): void;
}
interface InPage {
  document: { querySelector(selector: string): PageVideo | null };
  localStorage: { setItem(key: string, value: string): void };
}
interface BenchTopic {
  id: number;
  encoding: { state: string; error: string | null } | null;
}
try {
  const staff = await signIn('/console/micros/Staff', '9811100002', { mobile: '+91 9811100002' });
  const call = async <T>(path: string, data: object) =>
    (await postJson<T>(`/console/micros/Staff${path}`, data, staff.token)).data;
  const uploaded = await fetch(`${portal.baseUrl}/console/micros/Staff/Media/upload?kind=video`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', Token: staff.token },
    body: await readFile(source),
  });
  const address = ((await uploaded.json()) as { data: { address: string } }).data.address;
  const { subjects } = await call<{ subjects: { id: number; name: string }[] }>('/Course/subjects', {});
  const physics = subjects.find((subject) => subject.name === 'Physics')!;
  const chapterId = (await call<{ id: number }>('/Chapter/save', { subject_id: physics.id, name: 'Bench' })).id;
  const topicId = (
    await call<{ id: number }>('/Topic/save', { chapter_id: chapterId, name: 'Bench lecture', video_link: address })
  ).id;
  for (;;) {
    const tree = await call<{ chapters: { topics: BenchTopic[] }[] }>('/Course/subject', { subject_id: physics.id });
    const topic = tree.chapters.flatMap((chapter) => chapter.topics).find((row) => row.id === topicId)!;
    if (topic.encoding?.state === 'ready') break;
    if (topic.encoding?.state === 'failed') throw new Error(topic.encoding.error ?? 'failed');
    await new Promise((done) => setTimeout(done, 1000));
  }
  const student = await signIn('/console/micros/Api', '9876543210', { mobile: '9876543210', phone_code: '91' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  const context = await browser.newContext({ baseURL: portal.baseUrl, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto('/favicon.svg');
  await page.evaluate(
    (v) =>
      (globalThis as unknown as InPage).localStorage.setItem(
        'userData',
        JSON.stringify({ state: { user: v.data, token: v.token }, version: 1 }),
      ),
    student,
  );
  await page.goto(`/topic/${chapterId}`);
  await page.getByRole('button', { name: /Bench lecture/ }).waitFor();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: 50_000,
    uploadThroughput: 50_000,
  });
  const steps: string[] = [];
  page.on('request', (request) => {
    const match = /\/(\d+p)-\d+\.m4s$/.exec(request.url());
    if (match) steps.push(match[1]!);
  });
  // What the start waits for, by when it had arrived after the tap: the player's code, the playlists, the first segment.
  const arrived = new Map<string, number>();
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    const what =
      /\/assets\/(hls|react-player|video-player)[^/]*\.js$/.exec(path)?.[1] ??
      /\/((master|\d+p)\.m3u8|\d+p-(init|000)\.m4s)$/.exec(path)?.[1];
    if (what && !arrived.has(what)) arrived.set(what, performance.now());
  });
  const tapped = performance.now();
  await page.getByRole('button', { name: /Bench lecture/ }).click();
  await page.waitForFunction(
    () => ((globalThis as unknown as InPage).document.querySelector('hls-video')?.currentTime ?? 0) > 0,
    null,
    { timeout: 60_000, polling: 50 },
  );
  const start = (performance.now() - tapped) / 1000;
  const timeline = [...arrived].map(([what, at]) => `${what} ${((at - tapped) / 1000).toFixed(1)} s`).join(', ');
  // Stalls: the video waiting for data after it started, until PLAY seconds of video have played.
  const stalls = await page.evaluate(async (play) => {
    const video = (globalThis as unknown as InPage).document.querySelector('hls-video')!;
    let count = 0;
    let waitingSince = 0;
    let stalled = 0;
    video.addEventListener('waiting', () => {
      count++;
      waitingSince = performance.now();
    });
    video.addEventListener('playing', () => {
      if (waitingSince) stalled += performance.now() - waitingSince;
      waitingSince = 0;
    });
    const deadline = performance.now() + play * 4000;
    while (video.currentTime < play && performance.now() < deadline) await new Promise((done) => setTimeout(done, 100));
    return { count, seconds: stalled / 1000, reached: video.currentTime };
  }, PLAY);
  console.log(
    `Throttled (400 kbit/s, 400 ms): started ${start.toFixed(1)} s after the tap; first ${PLAY} s of video: ${stalls.count} stalls, ${stalls.seconds.toFixed(1)} s stalled (reached ${stalls.reached.toFixed(1)} s); steps fetched: ${steps.join(' ')}`,
  );
  console.log(`  Arrived after the tap: ${timeline}`);
  await browser.close();
} finally {
  await portal.stop();
  await rm(dir, { recursive: true, force: true });
}
