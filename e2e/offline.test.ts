import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserOptions, openLogin, openPage, phone, signIn } from './support/browser.ts';
import { startOwnPortal } from './support/own-portal.ts';
import { screenshots, useBrowser } from './support/checks.ts';

const browser = useBrowser();
const screenshot = screenshots('offline-');

/** Waits until the service worker controls the page (it registers after load and claims the page at once). */
const controlledByServiceWorker = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null);

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

const QUIZ = 'Trigonometric Identities';

/** Opens the reports of the chapter whose quiz list is on screen; returns QUIZ's attempt cards there. */
async function openReports(page: Page) {
  await page.getByRole('link', { name: 'View Reports' }).click();
  return page.getByRole('link', { name: new RegExp(QUIZ) });
}

/** The number of attempts of QUIZ in the reports of its chapter (the page on screen is its quiz list). */
async function attemptsInReports(page: Page) {
  const cards = await openReports(page);
  await cards.or(page.getByText('No Data Available')).first().waitFor();
  return cards.count();
}

describe('installable and usable offline', () => {
  it('has a manifest Chromium accepts as installable, with 192 and 512 px and maskable icons', async () => {
    // Not in an incognito context (which is never installable): a profile of its own.
    const profile = await mkdtemp(join(tmpdir(), 'portal-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      ...browserOptions,
      ...phone,
      baseURL: inject('baseUrl'),
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/login');
    await controlledByServiceWorker(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
    const icons = manifest.icons as { sizes: string; purpose: string }[];
    for (const sizes of ['192x192', '512x512']) {
      expect(icons.some((i) => i.sizes === sizes && i.purpose === 'any')).toBe(true);
      expect(icons.some((i) => i.sizes === sizes && i.purpose === 'maskable')).toBe(true);
    }
    expect(errors).toEqual([]);
    await context.close();
    await rm(profile, { recursive: true, force: true });
  });

  it('puts the offline banner above the screen at 360 px, where it covers neither the header nor the content', async () => {
    // A short screen, so the page scrolls under the header that sticks to the top.
    const { page, close } = await openPage(browser(), { ...phone, viewport: { width: 360, height: 420 } });
    await signIn(page);
    await page.goto('/subjects');
    await page.getByRole('link', { name: /Chemistry/ }).waitFor();
    await page.context().setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: 'You are offline' });
    await banner.waitFor();
    /** Whether the centre of the element is the element itself (or inside it) for a tap: nothing lies over it. */
    const uncovered = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => {
          const box = element.getBoundingClientRect();
          const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return top !== null && element.contains(top);
        });
    // Above the header, pushing the screen down, not over it.
    const bannerBox = await banner.boundingBox();
    const headerBox = await page.locator('header').boundingBox();
    expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(headerBox!.y + 1);
    expect(await uncovered('h1')).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 150));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await uncovered('h1')).toBe(true);
    expect(await uncovered('header button')).toBe(true);
    await screenshot(page, 'banner-360-scrolled');
    await page.context().setOffline(false);
    await close();
  });

  it('reopens offline with the shell, the offline banner and the last subjects; Logout leaves nothing behind', async () => {
    const { page, close } = await openPage(browser(), phone);
    await signIn(page);
    await controlledByServiceWorker(page);
    await page.goto('/subjects');
    await page.getByRole('link', { name: /Chemistry/ }).waitFor();
    await expect.poll(async () => (await stored(page, 'portal-query-cache')) ?? '').toContain('Chemistry');

    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'You are offline' }).waitFor();
    await page.getByRole('link', { name: /Chemistry/ }).waitFor();
    expect(await page.getByRole('heading', { name: 'My Subjects' }).isVisible()).toBe(true);
    await screenshot(page, 'subjects-360');

    // A screen never opened before says it needs the connection instead of spinning.
    await page.goto('/news-and-events');
    await page.getByText('this page was not saved on this device').waitFor();

    // The staff console is not the student app: offline it is not answered with the student shell.
    await expect(page.goto('/console')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);

    await page.context().setOffline(false);
    await page.goto('/');
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await stored(page, 'portal-query-cache')).toBeNull();
    expect(await stored(page, 'portal-offline-queue')).toBeNull();
    expect(await page.evaluate(() => caches.has('media-images'))).toBe(false);
    await close();
  });

  it('announces a new version and moves to it only when the student chooses Reload', async () => {
    // A portal of its own, serving a copy of the app that this test releases anew by changing its service worker.
    const dist = await mkdtemp(join(tmpdir(), 'portal-release-'));
    await cp(inject('webDist'), dist, { recursive: true });
    const portal = await startOwnPortal({ webDist: dist });
    const { page, errors, close } = await openPage(browser(), { ...phone, baseURL: portal.baseUrl });
    try {
      await openLogin(page);
      await controlledByServiceWorker(page);

      // The release: the worker's script differs by a byte, which is how the browser tells a new version.
      const worker = join(dist, 'sw.js');
      await writeFile(worker, `${await readFile(worker, 'utf8')}\n// the next release\n`);
      await Promise.all(['sw.js.br', 'sw.js.gz'].map((file) => rm(join(dist, file), { force: true })));
      await page.evaluate(() =>
        navigator.serviceWorker.getRegistration().then((registration) => registration?.update()),
      );
      const notice = page.getByText('A new version is ready');
      await notice.waitFor();
      // The old version keeps the page until the student says so: nothing reloads under their hands.
      await page.evaluate(() => ((window as { stillHere?: boolean }).stillHere = true));
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.waiting))).toBe(true);

      await page.getByRole('button', { name: 'Reload' }).click();
      await page.waitForFunction(() => !(window as { stillHere?: boolean }).stillHere);
      await page.getByLabel('Mobile number').waitFor();
      expect(await notice.count()).toBe(0);
      // The new worker took over, and none is left waiting.
      expect(
        await page.evaluate(() =>
          navigator.serviceWorker.getRegistration().then((r) => ({ waiting: !!r?.waiting, active: !!r?.active })),
        ),
      ).toEqual({
        waiting: false,
        active: true,
      });
      expect(errors).toEqual([]);
    } finally {
      await close();
      await portal.stop();
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('queues a quiz submitted offline and stores it once when the connection returns', async () => {
    const { page, errors, close } = await openPage(browser(), phone);
    await signIn(page);
    await controlledByServiceWorker(page);
    await page.goto('/quiz/subjects');
    await page.getByRole('link', { name: 'Mathematics' }).click();
    await page.getByRole('link', { name: /^Trigonometric Functions/ }).click();
    await page.getByText('Choose a Quiz').waitFor();
    const chapterList = page.url();
    const before = await attemptsInReports(page);

    await page.goto(chapterList);
    await page.getByRole('link', { name: new RegExp(QUIZ) }).click();
    await page.getByRole('group', { name: /^1\. / }).waitFor();
    await page.getByRole('group', { name: /^1\. / }).getByRole('radio').first().check();
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(/You are offline\. Your answers are saved on this device/).waitFor();
    expect(await stored(page, 'portal-offline-queue')).toMatch(/"submit-quiz".*"submission_id"/);
    await screenshot(page, 'quiz-waiting-360');

    // The student leaves the quiz and even reloads the app before the connection returns: the queue sends it.
    await page.reload();
    await page.goto(chapterList);
    await page.getByText('Choose a Quiz').waitFor();
    await page.context().setOffline(false);
    await expect.poll(() => stored(page, 'portal-offline-queue'), { timeout: 10_000 }).toBeNull();
    // Coming online again (another 'online' event, a reload) sends nothing more.
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await page.reload();
    await page.goto(chapterList);
    await page.getByText('Choose a Quiz').waitFor();
    // The list saved on the device (`before` attempts) shows first, then the server's replaces it. Stored twice, the
    // server's would hold `before + 2` and this would never pass.
    const attempts = await openReports(page);
    await expect.poll(() => attempts.count(), { timeout: 10_000 }).toBe(before + 1);
    expect(errors).toEqual([]);
    await close();
  });
});
