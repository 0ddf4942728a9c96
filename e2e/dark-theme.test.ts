import { describe, expect, it } from 'vitest';
import { openLogin, openPage, phone, signIn } from './support/browser.ts';
import { screenshots, seriousViolations, useBrowser } from './support/checks.ts';

const browser = useBrowser();
const screenshot = screenshots('dark-');

describe('the dark theme', () => {
  it('follows the system setting and keeps AA contrast on the login screen, Home, My Subjects and Profile', async () => {
    const { page, errors, close } = await openPage(browser(), { ...phone, colorScheme: 'dark' });
    await openLogin(page);
    await page.getByRole('heading', { name: 'Portal login' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'login-360');
    await signIn(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'home-360');
    for (const [path, text] of [
      ['/subjects', 'Chemistry'],
      ['/profile', 'Class 11'],
    ] as const) {
      await page.goto(path);
      await page.getByText(text).first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, path.slice(1) + '-360');
    }
    expect(errors).toEqual([]);
    await close();
  });

  it("keeps AA contrast on the document viewer's chrome and on the video player", async () => {
    const { page, errors, close } = await openPage(browser(), { ...phone, colorScheme: 'dark' });
    await signIn(page);
    await page.goto('/study-materials-subjects');
    await page.getByRole('link', { name: 'Physics' }).click();
    await page.getByRole('link', { name: 'Units and Measurements' }).click();
    await page.getByRole('button', { name: /Units and Measurements - Notes/ }).click();
    await page.locator('.textLayer', { hasText: 'Physics is a quantitative science' }).first().waitFor();
    await page.getByLabel('Find in document').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'viewer-360');

    await page.goto('/subjects');
    await page.getByRole('link', { name: 'Physics' }).click();
    await page.getByRole('link', { name: 'Units and Measurements' }).click();
    await page.getByRole('button', { name: /Introduction to Units and Measurements/ }).click();
    await page.locator('video').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'player-360');
    expect(errors).toEqual([]);
    await close();
  });
});
