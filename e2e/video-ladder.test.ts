import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, openPage, signIn } from './support/browser.ts';
import { useBrowser } from './support/checks.ts';
import {
  addLectureToPhysics,
  consoleApiFor,
  DEMO_ADMIN_MOBILE,
  DEMO_TEACHER_MOBILE,
  signInToConsole,
} from './support/console.ts';
import { startOwnPortal } from './support/own-portal.ts';

// An uploaded lecture becomes an HLS ladder (docs/decisions/074) of at least three steps, the lowest at most 2.5 MB a
// minute, that the player starts on its lowest step, keeps there under "Data saver", starts quickly and plays without
// stalling on a 400 kbit/s line with 400 ms of latency, and that stops being served once its student leaves the
// subject or logs out (issue 36's "Done when"). One upload, encoded once, serves every test here.

const browser = useBrowser();
const run = promisify(execFile);

/** The issue's cap for the lowest step: what a student on a daily data pack can afford. */
const MAX_LOWEST_BYTES_PER_MINUTE = 2.5 * 1024 * 1024;
const LECTURE_SECONDS = 60;

let portal: Awaited<ReturnType<typeof startOwnPortal>>;
let dir: string;
let subjectId: number;
let chapterId: number;
let topicId: number;

/** Every segment the page asks for, in order: its step's name ("240p") and its number in the step (from 0). */
function segmentsAsked(page: Page) {
  const segments: { step: string; index: number }[] = [];
  page.on('request', (request) => {
    const match = /\/(\d+p)-(\d+)\.m4s$/.exec(new URL(request.url()).pathname);
    if (match) segments.push({ step: match[1]!, index: Number(match[2]) });
  });
  return segments;
}

/** The ladder's segments are 4 s long (docs/decisions/074). */
const SEGMENT_SECONDS = 4;

/** What the page's video did, from its first `playing` on (times are the page's performance.now(), in ms). */
interface Playback {
  /** The first tap (click) in the page. */
  tappedAt: number | null;
  /** The first `playing`, and the video's position then (a resumed topic starts where the student stopped). */
  startedAt: number | null;
  from: number;
  /** Seconds played since `startedAt`. */
  played: number;
  /** `waiting` events after the first `playing` with under a second of video buffered ahead: the line fell behind. */
  stalls: string[];
  /**
   * `waiting` events with a second or more buffered ahead: the data was there and the browser did not play it in time
   * (a machine too busy to decode, seen at load averages of 10-25); logged, not the line's doing.
   */
  decoderWaits: string[];
  /** When `played` first reached 30 s. */
  thirtyAt: number | null;
}

/**
 * Follows the player's video in every document the page opens (a reload too): the HLS element re-dispatches its
 * video's events on itself, which a listener on the document hears in its capture phase.
 */
async function followPlayback(page: Page) {
  await page.addInitScript(() => {
    // Every fetch of a 30 s play is kept, for the timeline.
    performance.setResourceTimingBufferSize(1000);
    const playback: Playback = {
      tappedAt: null,
      startedAt: null,
      from: 0,
      played: 0,
      stalls: [],
      decoderWaits: [],
      thirtyAt: null,
    };
    (window as unknown as { playback: Playback }).playback = playback;
    const video = (event: Event) =>
      (event.target as Element).localName === 'hls-video' ? (event.target as unknown as HTMLVideoElement) : undefined;
    document.addEventListener('click', () => (playback.tappedAt ??= performance.now()), true);
    document.addEventListener(
      'playing',
      (event) => {
        const media = video(event);
        if (!media || playback.startedAt !== null) return;
        playback.startedAt = performance.now();
        playback.from = media.currentTime;
      },
      true,
    );
    document.addEventListener(
      'waiting',
      (event) => {
        const media = video(event);
        if (!media || playback.startedAt === null) return;
        const after = (performance.now() - playback.startedAt) / 1000;
        const at = media.currentTime;
        // The end of the buffered range the position is in: how much video was already here.
        let ahead = 0;
        for (let range = 0; range < media.buffered.length; range++)
          if (media.buffered.start(range) <= at + 0.1 && at < media.buffered.end(range))
            ahead = media.buffered.end(range) - at;
        (ahead < 1 ? playback.stalls : playback.decoderWaits).push(
          `at ${at.toFixed(1)} s of the video, ${after.toFixed(1)} s after the start, ${ahead.toFixed(1)} s buffered ahead`,
        );
      },
      true,
    );
    document.addEventListener(
      'timeupdate',
      (event) => {
        const media = video(event);
        if (!media || playback.startedAt === null) return;
        playback.played = media.currentTime - playback.from;
        if (playback.played >= 30) playback.thirtyAt ??= performance.now();
      },
      true,
    );
  });
  return () => page.evaluate(() => (window as unknown as { playback: Playback }).playback);
}

/** What the page fetched from `since` on (its performance.now(), in ms), by its resource timings, in order. */
async function fetchedSince(page: Page, since: number) {
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => {
      const timing = entry as PerformanceResourceTiming;
      return { url: timing.name, start: timing.startTime, end: timing.responseEnd, bytes: timing.transferSize };
    }),
  );
  return entries
    .filter((entry) => entry.start >= since)
    .map((entry) => ({ ...entry, path: new URL(entry.url).pathname }))
    .sort((a, b) => a.start - b.start);
}

const quality = (page: Page) => page.getByTestId('video-quality');

/** The student's session as the app stores it (apps/web/src/lib/session-store.ts). */
const studentSession = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('userData')!).state as {
        token: string;
        user: { stud_id: number };
      },
  );

beforeAll(async () => {
  // A portal of its own that encodes (the shared one leaves videos as uploaded, to spare the CPU).
  portal = await startOwnPortal({ env: { ENCODE_CONCURRENCY: '1' } });
  dir = await mkdtemp(join(tmpdir(), 'portal-ladder-e2e-'));
  // A minute of 720p with sound, as a lecture looks: a still slide (colour bars) with a pointer moving across it, at
  // 10 frames a second so that the encode stays cheap on a shared machine (the ladder's cost per minute, not its
  // speed, is checked here; apps/server/bench/video-ladder.ts measures the speed and the worst picture).
  await run('ffmpeg', [
    ...['-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `smptehdbars=size=1280x720:rate=10:duration=${LECTURE_SECONDS}`],
    ...['-f', 'lavfi', '-i', `color=c=red:size=60x60:rate=10:duration=${LECTURE_SECONDS}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=300:beep_factor=4:duration=${LECTURE_SECONDS}`],
    ...['-filter_complex', "[0][1]overlay=x='mod(t*80,1220)':y='300+100*sin(t)'[v]", '-map', '[v]', '-map', '2:a'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', join(dir, 'lecture.mp4')],
  ]);
}, 120_000);

afterAll(async () => {
  await portal?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a laddered lecture', () => {
  it('is prepared in the background after its upload, the console showing its progress and then its three steps', {
    timeout: 400_000,
  }, async () => {
    const { page, errors, close } = await openPage(browser(), { ...desktop, baseURL: portal.baseUrl });
    try {
      await signInToConsole(page, DEMO_TEACHER_MOBILE, portal.outbox);
      ({ subjectId, chapterId, topicId } = await addLectureToPhysics(page, join(dir, 'lecture.mp4'), {
        chapter: 'Slow lines',
        topic: 'Measuring on 2G',
      }));
      // Waiting or under way first (the page asks again every 5 s), then the steps made.
      await page
        .getByText(/^(Waiting to be prepared|Preparing) for slow networks/)
        .or(page.getByText(/^Ready for slow networks/))
        .first()
        .waitFor();
      await page.getByText('Ready for slow networks: 240p, 360p, 720p.').waitFor({ timeout: 360_000 });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('costs at most 2.5 MB a minute on its lowest step, counted from the bytes a student is sent', async () => {
    const { page, close } = await openPage(browser(), { ...desktop, baseURL: portal.baseUrl });
    try {
      await signIn(page, undefined, portal.outbox);
      const { token, user } = await studentSession(page);
      const topics = await page.request.post('/console/micros/Api/Student/topics', {
        data: { stud_id: user.stud_id, chapter_id: chapterId },
        headers: { Token: token },
      });
      const topic = ((await topics.json()).data as { topic_id: number; video_link: string }[]).find(
        (row) => row.topic_id === topicId,
      )!;
      const master = new URL(topic.video_link, portal.baseUrl);
      const variants = [
        ...(await (await page.request.get(master.href)).text()).matchAll(/RESOLUTION=\d+x(\d+)[^\n]*\n(\S+)/g),
      ];
      expect(variants.map((variant) => Number(variant[1]))).toEqual([240, 360, 720]);

      // The lowest step whole, as the player would fetch it: its init segment and every media segment.
      const lowest = new URL(variants[0]![2]!, master);
      const playlist = await (await page.request.get(lowest.href)).text();
      const seconds = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
      const files = [
        /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)![1]!,
        ...playlist.split('\n').filter((line) => line.endsWith('.m4s') && !line.startsWith('#')),
      ];
      let bytes = 0;
      for (const file of files) {
        const segment = await page.request.get(new URL(file, lowest).href);
        expect(segment.status()).toBe(200);
        bytes += (await segment.body()).length;
      }
      expect(seconds).toBeCloseTo(LECTURE_SECONDS, 0);
      const perMinute = (bytes / seconds) * 60;
      console.log(`Lowest step: ${files.length} files, ${(perMinute / 1024 / 1024).toFixed(2)} MB a minute`);
      expect(perMinute).toBeLessThanOrEqual(MAX_LOWEST_BYTES_PER_MINUTE);
    } finally {
      await close();
    }
  });

  // The issue's 5 s, from a cold first tap: the player's code (hls.js, 96 KB) and, beside it, the head start's
  // playlists and first segment share the slow line; about 4.2-4.6 s on this 2-core machine even at a load of 20-25
  // (docs/decisions/074). The start and what it waited for are logged. First in this file to play the topic, so that it
  // starts from the beginning, as a student's first look does.
  it('starts within 5 s on a 400 kbit/s line with 400 ms of latency and plays its first 30 s without a stall', {
    timeout: 150_000,
  }, async () => {
    const { page, close } = await openPage(browser(), { ...desktop, baseURL: portal.baseUrl });
    try {
      await signIn(page, undefined, portal.outbox);
      const playback = await followPlayback(page);
      // The topic list first (its code and data arrive on the good line), then the line slows to 2G/3G.
      await page.goto(`/topic/${chapterId}`);
      await page.getByRole('button', { name: /Measuring on 2G/ }).waitFor();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 400,
        downloadThroughput: 400_000 / 8,
        uploadThroughput: 400_000 / 8,
      });
      await page.getByRole('button', { name: /Measuring on 2G/ }).click();
      await expect.poll(async () => (await playback()).startedAt, { timeout: 30_000, interval: 250 }).not.toBeNull();
      const { tappedAt, startedAt, from } = await playback();
      const started = (startedAt! - tappedAt!) / 1000;
      expect(from).toBeLessThan(1);

      // 30 s of the video played, asked for as it goes (no wait of a fixed length).
      await expect.poll(async () => (await playback()).thirtyAt, { timeout: 90_000, interval: 500 }).not.toBeNull();
      const { stalls, decoderWaits, thirtyAt } = await playback();
      const wall = (thirtyAt! - startedAt!) / 1000;
      console.log(
        `400 kbit/s, 400 ms: started ${started.toFixed(1)} s after the tap; 30 s played in ${wall.toFixed(1)} s, ${stalls.length} stalls`,
        ...stalls,
        decoderWaits.length ? `waits with the data already here (a busy machine): ${decoderWaits.join('; ')}` : '',
      );
      // What the start waited for: each file fetched from the tap to the first `playing`, in s after the tap.
      const fetched = await fetchedSince(page, tappedAt!);
      const at = (time: number) => ((time - tappedAt!) / 1000).toFixed(2);
      console.log(
        fetched
          .filter((file) => file.start < startedAt!)
          .map((file) => `${at(file.start)}-${at(file.end)} s ${file.path.split('/').pop()} (${file.bytes} bytes)`)
          .join('\n'),
      );
      // The head start (apps/web/src/components/video-player/head-start.ts) hands hls.js what it fetched: no playlist
      // or segment of the stream crosses the line twice.
      const stream = fetched
        .filter((file) => /\.(m3u8|m4s)$/.test(file.path) && file.bytes > 0)
        .map((file) => file.path);
      expect(stream.filter((path, index) => stream.indexOf(path) !== index)).toEqual([]);
      expect(started).toBeLessThan(5);
      expect(stalls).toEqual([]);
      // Without a stall the video's clock keeps to the wall's: 30 s of it in little more than 30 s.
      expect(wall).toBeLessThan(35);
    } finally {
      await close();
    }
  });

  it('resumes on its lowest step and climbs on a good line; Data saver keeps it on the lowest, remembered', {
    timeout: 120_000,
  }, async () => {
    const { page, errors, close } = await openPage(browser(), { ...desktop, baseURL: portal.baseUrl });
    try {
      await signIn(page, undefined, portal.outbox);
      const playback = await followPlayback(page);
      const asked = segmentsAsked(page);
      await page.goto(`/topic/${chapterId}?playing=${topicId}`);
      await quality(page).waitFor();
      await expect.poll(async () => (await playback()).played, { timeout: 30_000 }).toBeGreaterThan(1);
      expect(asked[0]?.step).toBe('240p');
      // It resumes where the last test stopped (about 30 s in): the first segment fetched is the one that position is
      // in (hls.js takes the next one within a quarter of a second of its end), none fetched before it to be skipped.
      const { from } = await playback();
      expect(from).toBeGreaterThan(SEGMENT_SECONDS);
      const first = asked[0]!.index * SEGMENT_SECONDS;
      expect(from).toBeGreaterThanOrEqual(first - 0.25);
      expect(from).toBeLessThan(first + SEGMENT_SECONDS);
      expect(asked.filter((segment) => segment.index === 0)).toEqual([]);
      // A fast local line: hls.js climbs above the lowest step once it has measured it.
      await expect.poll(() => asked.some((segment) => segment.step !== '240p'), { timeout: 30_000 }).toBe(true);

      await page.getByLabel('Data saver (lowest quality)').check();
      const saving = segmentsAsked(page);
      await page.reload();
      await quality(page).waitFor();
      expect(await page.getByLabel('Data saver (lowest quality)').isChecked()).toBe(true);
      // It resumes where the last test stopped: 8 s played from there.
      await expect.poll(async () => (await playback()).played, { timeout: 30_000 }).toBeGreaterThan(8);
      expect(saving.length).toBeGreaterThanOrEqual(2);
      expect(new Set(saving.map((segment) => segment.step))).toEqual(new Set(['240p']));
      expect(await quality(page).textContent()).toBe('Quality: 240p');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  // apps/server/test/video-ladder.test.ts checks the same refusals on the server's own; this is the browser's view,
  // with a segment the player really fetched. A segment already fetched stays in the browser's cache (a year,
  // decision 074), so the page asks again past it (`cache: 'no-store'`): what is checked is the server's answer.
  it('is refused, segment and playlist, once its student is removed from the subject, and after Logout', {
    timeout: 120_000,
  }, async () => {
    const { page, close } = await openPage(browser(), { ...desktop, baseURL: portal.baseUrl });
    const admin = await consoleApiFor(browser(), portal.baseUrl, DEMO_ADMIN_MOBILE, portal.outbox);
    try {
      await signIn(page, undefined, portal.outbox);
      const { user } = await studentSession(page);
      const used: string[] = [];
      page.on('request', (request) => {
        if (/\.(m3u8|m4s)$/.test(new URL(request.url()).pathname)) used.push(request.url());
      });
      await page.goto(`/topic/${chapterId}?playing=${topicId}`);
      await expect.poll(() => used.filter((url) => /\/\d+p-\d+\.m4s$/.test(url)).length).toBeGreaterThan(0);
      const master = used.find((url) => url.endsWith('/master.m3u8'))!;
      const segment = used.find((url) => /\/\d+p-\d+\.m4s$/.test(url))!;
      const statusOf = (url: string) =>
        page.evaluate(async (address) => (await fetch(address, { cache: 'no-store' })).status, url);
      expect(await statusOf(segment)).toBe(200);

      // The admin takes the student out of Physics (the console's Students/enrol), and puts them back.
      type Enrolment = { subject_ids: number[]; batch_ids: number[] };
      const { student, batches } = await admin.call<{
        student: Enrolment;
        batches: { id: number; subject_id: number }[];
      }>('/Students/get', { stud_id: user.stud_id });
      const physicsBatches = new Set(
        batches.filter((batch) => batch.subject_id === subjectId).map((batch) => batch.id),
      );
      const withoutPhysics = await admin.call<Enrolment>('/Students/enrol', {
        stud_id: user.stud_id,
        subject_ids: student.subject_ids.filter((id) => id !== subjectId),
        batch_ids: student.batch_ids.filter((id) => !physicsBatches.has(id)),
      });
      expect(withoutPhysics.subject_ids).not.toContain(subjectId);
      try {
        expect(await statusOf(segment)).toBe(403);
        expect(await statusOf(master)).toBe(403);
      } finally {
        await admin.call('/Students/enrol', {
          stud_id: user.stud_id,
          subject_ids: student.subject_ids,
          batch_ids: student.batch_ids,
        });
      }
      expect(await statusOf(segment)).toBe(200);

      // Logout: the session the link was signed for ends. The app leaves for /login without waiting for the server's
      // answer (user-menu.tsx), so the links are tried once the server has answered the logout.
      const loggedOut = page.waitForResponse((response) => response.url().endsWith('/Auth/logout'));
      await page.getByRole('button', { name: /User menu/ }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      expect((await loggedOut).ok()).toBe(true);
      expect(await statusOf(segment)).toBe(403);
      expect(await statusOf(master)).toBe(403);
    } finally {
      await admin.close();
      await close();
    }
  });
});
