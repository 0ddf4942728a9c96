import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, openPage, phone, signIn } from './support/browser.ts';
import { screenFindings, screenIsFine, useBrowser } from './support/checks.ts';
import { addLectureToPhysics, DEMO_TEACHER_MOBILE, signInToConsole } from './support/console.ts';
import { startOwnPortal } from './support/own-portal.ts';

// Download for later (docs/decisions/077): a student downloads a topic's lowest step into the installed app, watches
// it with the network off, and the progress made offline reaches the server once the network returns. The downloads
// list shows it with its size; Delete removes it, and Logout removes every download and the key.

const browser = useBrowser();
const run = promisify(execFile);
const TOPIC = 'Measuring offline';

let portal: Awaited<ReturnType<typeof startOwnPortal>>;
let dir: string;
let chapterId: number;
let topicId: number;

const controlledByServiceWorker = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null);

const playedSeconds = (page: Page) =>
  page.evaluate(() => (document.querySelector('hls-video') as unknown as HTMLVideoElement | null)?.currentTime ?? 0);

/** The student's position in the topic as the server has it, asked with their session. */
async function serverPosition(page: Page): Promise<number> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('userData')!).state.token as string);
  const studentId = await page.evaluate(() => JSON.parse(localStorage.getItem('userData')!).state.user.stud_id);
  const answer = await page.request.post('/console/micros/Api/Student/topics', {
    data: { stud_id: studentId, chapter_id: chapterId },
    headers: { Token: token },
  });
  const topics = (await answer.json()).data as { topic_id: number; position_seconds: number | null }[];
  return topics.find((topic) => topic.topic_id === topicId)?.position_seconds ?? 0;
}

/**
 * Downloads the topic's lowest step from its player; answers the size the panel showed for it. `where`: the open
 * panel is checked as every screen is (accessible, fits the width).
 */
async function downloadLowestStep(page: Page, where?: string) {
  await page.goto(`/topic/${chapterId}?playing=${topicId}`);
  await page.getByRole('button', { name: 'Download for later' }).click();
  const lowest = page.getByRole('radio', { name: /^240p \(lowest quality\) · / });
  await lowest.waitFor();
  expect(await lowest.isChecked()).toBe(true);
  const label = (await page.locator('label').filter({ has: lowest }).textContent()) ?? '';
  const size = /· (.+)$/.exec(label)?.[1] ?? '';
  expect(size).toMatch(/^[\d.]+ (KB|MB)$/);
  expect(await page.getByTestId('download-total').textContent()).toBe(`Total: ${size}`);
  if (where) expect(await screenFindings(page, where)).toEqual(screenIsFine(where, 'en'));
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  await page.getByText('Downloaded. It plays and opens here without a connection.').waitFor({ timeout: 30_000 });
  return size;
}

beforeAll(async () => {
  // A portal of its own that encodes (the shared one leaves videos as uploaded, to spare the CPU).
  portal = await startOwnPortal({ env: { ENCODE_CONCURRENCY: '1' } });
  dir = await mkdtemp(join(tmpdir(), 'portal-downloads-e2e-'));
  // 12 s of 360p with sound: a ladder of two steps (240p, 360p), quick to encode.
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=15:duration=12'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=12'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', join(dir, 'lecture.mp4')],
  ]);
}, 120_000);

afterAll(async () => {
  await portal?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('download for later', () => {
  it('has a lecture prepared as a ladder to download', { timeout: 400_000 }, async () => {
    const { page, errors, close } = await openPage(browser(), { ...desktop, baseURL: portal.baseUrl });
    try {
      await signInToConsole(page, DEMO_TEACHER_MOBILE, portal.outbox);
      ({ chapterId, topicId } = await addLectureToPhysics(page, join(dir, 'lecture.mp4'), {
        chapter: 'No signal',
        topic: TOPIC,
      }));
      await page.getByText('Ready for slow networks: 240p, 360p.').waitFor({ timeout: 360_000 });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('plays the downloaded lowest step from the start with the network off, and its progress reaches the server after', {
    timeout: 180_000,
  }, async () => {
    const { page, errors, close } = await openPage(browser(), { ...phone, baseURL: portal.baseUrl });
    try {
      await signIn(page, undefined, portal.outbox);
      await controlledByServiceWorker(page);
      await downloadLowestStep(page);
      // The online player played on meanwhile and reports where it was left: offline play must get past that.
      const leftAt = await playedSeconds(page);
      await page.getByRole('button', { name: /Back to topics/ }).click();
      // It reports the position of its last `timeupdate`, which the browser fires up to 250 ms apart: up to that much
      // before the position read just above (a 0.15 s allowance failed about one run in three).
      await expect.poll(() => serverPosition(page)).toBeGreaterThanOrEqual(Math.floor(leftAt * 10) / 10 - 0.35);
      const before = await serverPosition(page);

      await page.context().setOffline(true);
      await page.goto('/downloads');
      await page.getByRole('button', { name: `Play ${TOPIC}` }).click();
      // From the start: nothing was watched offline yet, so the player does not resume.
      await expect.poll(() => playedSeconds(page), { timeout: 30_000 }).toBeGreaterThan(0);
      expect(await playedSeconds(page)).toBeLessThan(3);
      await expect.poll(() => playedSeconds(page), { timeout: 30_000 }).toBeGreaterThan(Math.min(10, before + 3));
      await page.evaluate(() => (document.querySelector('hls-video') as unknown as HTMLVideoElement).pause());
      // Offline, the position waits in the queue.
      const queued = async () => {
        const stored = await page.evaluate(() => localStorage.getItem('portal-offline-queue'));
        const actions = JSON.parse(stored ?? '[]') as { body: { topic_id: number; position_seconds?: number } }[];
        return actions.find((action) => action.body.topic_id === topicId)?.body.position_seconds ?? 0;
      };
      await expect.poll(queued).toBeGreaterThan(before + 2);
      const offlinePosition = await queued();

      await page.context().setOffline(false);
      await expect.poll(() => serverPosition(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(offlinePosition);
      expect(errors).toEqual([]);
    } finally {
      await page.context().setOffline(false);
      await close();
    }
  });

  it("reads a downloaded study material and plays a topic's uploaded file with the network off", {
    timeout: 120_000,
  }, async () => {
    const { page, errors, close } = await openPage(browser(), { ...phone, baseURL: portal.baseUrl });
    try {
      await signIn(page, undefined, portal.outbox);
      await controlledByServiceWorker(page);
      await page.goto('/subjects');
      await page.getByRole('link', { name: 'Physics' }).click();
      await page.getByRole('link', { name: 'Units and Measurements' }).click();
      await page.getByRole('button', { name: /Introduction to Units and Measurements/ }).click();
      await page.getByRole('button', { name: 'Download for later' }).click();
      await page.getByRole('checkbox', { name: /^Units and Measurements - Notes · / }).check();
      await page.getByRole('button', { name: 'Download', exact: true }).click();
      await page.getByText('Downloaded. It plays and opens here without a connection.').waitFor({ timeout: 30_000 });

      await page.context().setOffline(true);
      await page.goto('/downloads');
      await page.getByRole('button', { name: 'Read Units and Measurements - Notes' }).click();
      // The portal's viewer, from the device: the document's page count shows once pdf.js has read it.
      await page.getByText(/^of \d+$/).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: /Back/ }).first().click();
      await page.getByRole('button', { name: /^Play Introduction to Units and Measurements/ }).click();
      const played = () =>
        page.evaluate(
          () => (document.querySelector('hls-video, video') as unknown as HTMLVideoElement | null)?.currentTime ?? 0,
        );
      await expect.poll(played, { timeout: 30_000 }).toBeGreaterThan(0.5);
      expect(errors).toEqual([]);
    } finally {
      await page.context().setOffline(false);
      await close();
    }
  });

  it('lists a download with its size and the total at 360 px; Delete removes it; the topic plays it; Logout removes all', {
    timeout: 120_000,
  }, async () => {
    const { page, errors, close } = await openPage(browser(), {
      ...phone,
      viewport: { width: 360, height: 740 },
      baseURL: portal.baseUrl,
    });
    try {
      await signIn(page, undefined, portal.outbox);
      await page.goto('/downloads');
      await page.getByText('Nothing downloaded yet').waitFor();
      const size = await downloadLowestStep(page, 'the download panel at 360 px');

      await page.goto('/downloads');
      const item = page.getByRole('listitem').filter({ hasText: TOPIC });
      await item.getByText(`Video · 240p · ${size}`).waitFor();
      expect(await page.getByTestId('downloads-total').textContent()).toBe(
        `1 downloads, ${size} in all on this device`,
      );
      expect(await screenFindings(page, 'downloads at 360 px')).toEqual(screenIsFine('downloads at 360 px', 'en'));

      await page.getByRole('button', { name: `Delete ${TOPIC}` }).click();
      await page.getByText('Nothing downloaded yet').waitFor();

      await downloadLowestStep(page);
      // The topic list, saved on the device, plays the downloaded copy with the network off too.
      await page.context().setOffline(true);
      await page.goto(`/topic/${chapterId}?playing=${topicId}`);
      await page.getByText('Playing your download from this device.').waitFor();
      await expect.poll(() => playedSeconds(page), { timeout: 30_000 }).toBeGreaterThan(1);
      await page.context().setOffline(false);
      await page.goto('/downloads');
      await page.getByRole('button', { name: `Play ${TOPIC}` }).waitFor();
      await page.getByRole('button', { name: /User menu/ }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      // The store is deleted whole, the key with it.
      await expect
        .poll(() => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name)))
        .not.toContain('portal-downloads');
      await signIn(page, undefined, portal.outbox);
      await page.goto('/downloads');
      await page.getByText('Nothing downloaded yet').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
