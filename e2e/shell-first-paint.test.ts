import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { desktop, openPage, phone, signIn } from './support/browser.ts';
import { useBrowser } from './support/checks.ts';
import { holdEntryScript, layoutShifts, openWithOnly, watchLayoutShifts } from './support/first-paint.ts';

const browser = useBrowser();

/** Opens a signed-in screen with none of the app's code (a phone still downloading it): only shell-paint.js runs. */
const openWithoutTheApp = (page: Page, path: string) => openWithOnly(page, /\/shell-paint-[^/]+\.js$/, path);

const drawnHeader = (page: Page) => page.locator('[data-prerendered] header');
const storedName = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}').state.user.profile.name as string);

describe("the signed-in screens' shell, drawn before the app's code arrives", () => {
  it('shows a returning student the header in their chosen theme, with their name on a wide screen, taking no input', async () => {
    const { page, close } = await openPage(browser(), { ...desktop, serviceWorkers: 'block' });
    await signIn(page);
    await page.evaluate(() => localStorage.setItem('portal-theme', 'dark'));
    const name = await storedName(page);
    await openWithoutTheApp(page, '/subjects');
    await expect.poll(() => drawnHeader(page).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.locator('[data-prerendered] [data-menu-label]').textContent()).toBe(
      name.length > 10 ? `${name.slice(0, 10)}...` : name,
    );
    expect(await page.locator('[data-prerendered] main').textContent()).toContain('Loading...');
    expect(await drawnHeader(page).evaluate((header) => header.closest('[inert]') !== null)).toBe(true);
    await close();
  });

  it('hides it from a signed-out visitor, who is sent to /login, and from a student who chose Hindi', async () => {
    const signedOut = await openPage(browser(), { ...phone, serviceWorkers: 'block' });
    await openWithoutTheApp(signedOut.page, '/subjects');
    await drawnHeader(signedOut.page).waitFor({ state: 'attached' });
    expect(await drawnHeader(signedOut.page).isVisible()).toBe(false);
    await signedOut.close();

    const hindi = await openPage(browser(), { ...phone, serviceWorkers: 'block' });
    await signIn(hindi.page);
    await hindi.page.evaluate(() => localStorage.setItem('portal-language', 'hi'));
    await openWithoutTheApp(hindi.page, '/subjects');
    await drawnHeader(hindi.page).waitFor({ state: 'attached' });
    expect(await drawnHeader(hindi.page).isVisible()).toBe(false);
    await hindi.close();
  });

  it('is replaced by the screen in place: the header does not move and nothing shifts', async () => {
    for (const options of [phone, desktop]) {
      const { page, errors, close } = await openPage(browser(), { ...options, serviceWorkers: 'block' });
      await signIn(page);
      const release = await holdEntryScript(page);
      await page.goto('/subjects', { waitUntil: 'commit' });
      await drawnHeader(page).waitFor();
      const logo = page.locator('header a[aria-label="Home"]');
      const menu = page.locator('header button[aria-haspopup="menu"]');
      const drawn = { logo: await logo.boundingBox(), menu: await menu.boundingBox() };
      expect(drawn.logo).not.toBeNull();
      await watchLayoutShifts(page);
      release();
      await page.getByRole('heading', { name: 'My Subjects' }).waitFor();
      await page.locator('[data-prerendered]').waitFor({ state: 'detached' });
      expect({ logo: await logo.boundingBox(), menu: await menu.boundingBox() }).toEqual(drawn);
      expect(await layoutShifts(page)).toBe(0);
      expect(errors).toEqual([]);
      await close();
    }
  });
});
