import { describe, expect, it } from 'vitest';
import { openPage, phone, signIn } from './support/browser.ts';
import { horizontalOverflow, seriousViolations, useBrowser } from './support/checks.ts';
import { everyRoute } from './support/routes.ts';

const browser = useBrowser();

// The Hindi side of this is e2e/hindi.test.ts.
describe('every screen in English', () => {
  it.each(['light', 'dark'] as const)('is accessible and fits 360 px in the %s theme', async (colorScheme) => {
    const { page, errors, close } = await openPage(browser(), { ...phone, colorScheme });
    await signIn(page);
    for (const path of await everyRoute(page)) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Loading' }).count()).toBe(0);
      expect({
        path,
        lang: await page.evaluate(() => document.documentElement.lang),
        violations: await seriousViolations(page),
      }).toEqual({ path, lang: 'en', violations: [] });
      expect({ path, overflow: await horizontalOverflow(page) }).toEqual({ path, overflow: 0 });
    }
    expect(errors).toEqual([]);
    await close();
  });
});
