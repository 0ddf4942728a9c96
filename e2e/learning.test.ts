import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { desktop, openPage, phone, signIn } from './support/browser.ts';
import { screenshots, seriousViolations, useBrowser } from './support/checks.ts';

const browser = useBrowser();

const screenshot = screenshots('learning-', false);

/** What the page's video element says about itself (the first one, or the one inside an HLS element). */
const videoState = (page: Page) =>
  page.evaluate(() => {
    const host = document.querySelector('hls-video');
    const video = (host as unknown as HTMLVideoElement | null) ?? document.querySelector('video');
    if (!video) return null;
    const box = (host ?? video).getBoundingClientRect();
    return { time: video.currentTime, paused: video.paused, width: box.width, height: box.height };
  });

async function expectPlaying(page: Page, from = 0) {
  await expect.poll(async () => (await videoState(page))?.time ?? -1, { timeout: 15_000 }).toBeGreaterThan(from + 1);
  const first = (await videoState(page))!.time;
  await expect.poll(async () => (await videoState(page))!.time, { timeout: 10_000 }).toBeGreaterThan(first + 0.5);
}

/** Home → My Subjects → Physics → Units and Measurements: the topic list. */
async function openTopicList(page: Page) {
  await page
    .getByRole('link', { name: /My Subjects/ })
    .first()
    .click();
  await page.waitForURL('**/subjects');
  await page.getByRole('heading', { level: 1, name: 'My Subjects' }).waitFor();
  await screenshot(page, `${page.viewportSize()?.width}-subjects`);
  await page.getByRole('link', { name: 'Physics' }).click();
  await page.waitForURL(/\/chapters\/\d+$/);
  await page.getByRole('heading', { level: 1, name: 'Physics' }).waitFor();
  await page.getByRole('link', { name: 'Units and Measurements' }).click();
  await page.waitForURL(/\/topic\/\d+$/);
  await page.getByRole('heading', { level: 1, name: 'Physics - Units and Measurements' }).waitFor();
  await page.getByRole('button', { name: /Introduction to Units and Measurements/ }).waitFor();
}

describe('watching on a phone (360 px)', () => {
  it('plays a topic, remembers where the student stopped, and resumes it from Recently Watched', async () => {
    const { page, errors, close } = await openPage(browser(), phone);
    // react-player's URL patterns (its patterns.js) mark the chunk that carries the player.
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
    });
    const playerLoaded = async () => (await Promise.all(scripts)).some((text) => text.includes('stream\\.mux\\.com'));
    await signIn(page);
    await openTopicList(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, '360-topics');
    expect(await playerLoaded()).toBe(false); // the list does not fetch the player's code

    await page.getByRole('button', { name: /Introduction to Units and Measurements/ }).click();
    await page.waitForURL(/\?playing=\d+$/);
    const topicId = new URL(page.url()).searchParams.get('playing');
    expect(await page.getByRole('list', { name: 'Topics' }).count()).toBe(0);
    await expectPlaying(page, 3);
    expect(await playerLoaded()).toBe(true);
    const box = (await videoState(page))!;
    expect(box.width).toBeLessThanOrEqual(360);
    expect(box.width).toBeGreaterThan(300);
    expect(Math.round(box.height)).toBe(Math.round((box.width * 9) / 16));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, '360-playing');

    // Pausing reports the position at once.
    const saved = page.waitForResponse((response) => response.url().endsWith('/Student/watched') && response.ok());
    const stoppedAt = await page.evaluate(() => {
      const video = document.querySelector('video')!;
      video.pause();
      return video.currentTime;
    });
    const sent = (await saved).request().postDataJSON() as { topic_id: number; position_seconds: number };
    expect(sent.topic_id).toBe(Number(topicId));
    expect(sent.position_seconds).toBeCloseTo(stoppedAt, 0);

    await page.getByRole('button', { name: 'Back to topics' }).click();
    await page.getByRole('button', { name: /Introduction to Units and Measurements\s*Resume at 0:0\d/ }).waitFor();

    // Recently Watched: newest first, and opening it resumes where the student stopped.
    await page.goto('/history');
    const cards = page.getByRole('list', { name: 'Recently watched' }).getByRole('button');
    await cards.first().waitFor();
    expect(await cards.first().textContent()).toContain('Introduction to Units and Measurements');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, '360-history');
    await cards.first().click();
    await page.waitForURL(`**/history?playing=${topicId}`);
    expect(await page.getByRole('list', { name: 'Recently watched' }).count()).toBe(0);
    // The first time it reports is already near where the student stopped (not the start).
    await expect.poll(async () => (await videoState(page))?.time ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);
    expect((await videoState(page))!.time).toBeGreaterThan(stoppedAt - 0.5);
    expect((await videoState(page))!.time).toBeLessThan(stoppedAt + 4);
    await expectPlaying(page, stoppedAt);
    await screenshot(page, '360-history-playing');

    // The browser's Back closes the player and shows the grid again.
    await page.goBack();
    await cards.first().waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.locator('video').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('watching on a desktop', () => {
  it('shows the player 580 px high and plays an HLS stream', async () => {
    const { page, errors, close } = await openPage(browser(), desktop);
    await signIn(page);
    await openTopicList(page);
    await page.getByRole('button', { name: /Introduction to Units and Measurements/ }).click();
    await expectPlaying(page);
    expect(Math.round((await videoState(page))!.height)).toBe(580);
    await screenshot(page, 'desktop-playing');

    await page.getByRole('button', { name: 'Back to topics' }).click();
    await page.getByRole('button', { name: /Measuring Length \(HLS stream\)/ }).click();
    await page.locator('hls-video').waitFor();
    await expectPlaying(page);
    await screenshot(page, 'desktop-hls');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('leaving the player by reloading', () => {
  it('shows the topic in Recently Watched after a reload, though the new page may ask before the old page’s last report lands', async () => {
    const { page, errors, close } = await openPage(browser(), desktop);
    await signIn(page);
    await page
      .getByRole('link', { name: /My Subjects/ })
      .first()
      .click();
    await page.getByRole('link', { name: 'Physics' }).click();
    await page.getByRole('link', { name: 'Motion in a Straight Line' }).click();
    const topic = page.getByRole('list', { name: 'Topics' }).getByRole('button').first();
    const name = (await topic.locator('h3, span').first().textContent())!.trim();
    await topic.click();
    await expectPlaying(page);
    // Within the first report's 10 s: only the report sent as the page goes away carries this topic.
    await page.goto('/history');
    await page
      .getByRole('list', { name: 'Recently watched' })
      .getByRole('button')
      .first()
      .filter({ hasText: name })
      .waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
