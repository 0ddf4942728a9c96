import { describe, expect, it } from 'vitest';
import { openLogin, openPage, phone, signIn } from './support/browser.ts';
import { screenFindings, screenIsFine, useBrowser } from './support/checks.ts';
import { everyRoute } from './support/routes.ts';

const browser = useBrowser();

// The Hindi side of this is e2e/hindi.test.ts.
describe('every screen in English', () => {
  it.each(['light', 'dark'] as const)(
    'is accessible and fits 360 px in the %s theme',
    async (colorScheme) => {
      const { page, errors, close } = await openPage(browser(), { ...phone, colorScheme });
      const fits = async (where: string) =>
        expect(await screenFindings(page, where)).toEqual(screenIsFine(where, 'en'));
      // Signed out: the login screen and its register step.
      await openLogin(page);
      await fits('/login');
      await page.getByRole('button', { name: 'New student? Register' }).click();
      await page.getByLabel('Father/Mother Name').waitFor();
      await fits('/login (register)');
      await signIn(page);
      for (const path of await everyRoute(page)) {
        await page.goto(path);
        await page.locator('h1').first().waitFor();
        await expect.poll(() => page.getByRole('status').filter({ hasText: 'Loading' }).count()).toBe(0);
        await fits(path);
      }
      expect(errors).toEqual([]);
      await close();
    },
    240_000,
  );
});
