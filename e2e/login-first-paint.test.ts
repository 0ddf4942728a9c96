import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, phone, signIn } from './support/browser.ts';
import { useBrowser } from './support/checks.ts';
import { holdEntryScript, layoutShifts, openWithOnly, watchLayoutShifts } from './support/first-paint.ts';

const browser = useBrowser();

/** Opens /login with none of the app's code (a phone still downloading it): only first-paint.js runs. */
const loginWithoutTheApp = (page: Page) => openWithOnly(page, /\/first-paint-[^/]+\.js$/, '/login');

const heading = (page: Page) => page.getByRole('heading', { name: 'Portal login' });
/** The drawn copy's heading, found even while hidden (role queries skip what is hidden). */
const drawnHeading = (page: Page) => page.locator('[data-prerendered] h1', { hasText: 'Portal login' });

describe("/login's screen, drawn before the app's code arrives", () => {
  it('shows the login screen, in the system theme, and takes no input until the app runs', async () => {
    const { page, close } = await openPage(browser(), { ...phone, colorScheme: 'dark', serviceWorkers: 'block' });
    await loginWithoutTheApp(page);
    await expect.poll(() => heading(page).isVisible()).toBe(true);
    expect(await page.getByText('Sign in with the mobile number the institute registered for you.').isVisible()).toBe(
      true,
    );
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    // Inert: a tap or a keystroke would be lost when the app replaces the copy, so none is taken.
    expect(await page.locator('#login-mobile').evaluate((field) => field.closest('[inert]') !== null)).toBe(true);
    await close();
  });

  it('hides it from a student who chose Hindi or is signed in, who will see another screen', async () => {
    const { page, close } = await openPage(browser(), { ...phone, serviceWorkers: 'block' });
    await page.goto('/login');
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await page.getByRole('heading', { name: 'पोर्टल लॉगिन' }).waitFor();
    await loginWithoutTheApp(page);
    expect(await drawnHeading(page).isVisible()).toBe(false);
    await close();

    const signedIn = await openPage(browser(), { ...phone, serviceWorkers: 'block' });
    await signIn(signedIn.page);
    await loginWithoutTheApp(signedIn.page);
    expect(await drawnHeading(signedIn.page).isVisible()).toBe(false);
    await signedIn.close();
  });

  it('is replaced by the app in place: nothing moves and the mobile number field has the focus', async () => {
    const { page, errors, close } = await openPage(browser(), { ...phone, serviceWorkers: 'block' });
    const release = await holdEntryScript(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByText('Send code').waitFor();
    const drawn = await page.getByText('Send code').boundingBox();
    expect(drawn).not.toBeNull();
    await watchLayoutShifts(page);
    release();
    await page.locator('[data-prerendered]').waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('login-mobile');
    expect(await page.getByText('Send code').boundingBox()).toEqual(drawn);
    expect(await layoutShifts(page)).toBe(0);
    // And it works: typing goes into the app's own field.
    await page.keyboard.type('9876543210');
    await expect.poll(() => page.getByLabel('Mobile number').inputValue()).toBe('98765 43210');
    expect(errors).toEqual([]);
    await close();
  });

  it("fetches before idle no script beyond those scripts/measure-first-load.mjs counts, the service worker's registration included", async () => {
    const { page, close } = await openPage(browser(), phone);
    const fetched = new Set<string>();
    page.on(
      'request',
      (request) => void (request.resourceType() === 'script' && fetched.add(new URL(request.url()).pathname.slice(1))),
    );
    await page.goto('/login', { waitUntil: 'networkidle' });
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((found) => found !== undefined)))
      .toBe(true);
    const report = execFileSync(process.execPath, ['scripts/measure-first-load.mjs', inject('webDist')], {
      encoding: 'utf8',
    });
    const loginSection = report.split(/\n(?=\S)/).find((section) => section.startsWith('/login'))!;
    const counted = new Set([...loginSection.matchAll(/^\s+(assets\/\S+\.js)\s/gm)].map((match) => match[1]));
    expect([...fetched].filter((file) => /service-worker-/.test(file))).toHaveLength(1);
    expect([...fetched].filter((file) => !counted.has(file))).toEqual([]);
    await close();
  });
});
