import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { desktop, openPage, signIn } from './support/browser.ts';
import { useBrowser } from './support/checks.ts';
import { signInToConsole } from './support/console.ts';

const browser = useBrowser();

// Without the service worker, whose precache would answer for the missing file: as on a first visit.
const withoutServiceWorker = { ...desktop, serviceWorkers: 'block' as const };

/** Answers 404 for the chunks whose names match, as the server does for a file a redeploy removed; counts the requests. */
async function missingChunk(page: Page, name: RegExp) {
  const chunk = { requests: 0, missing: true };
  await page.route(name, async (route) => {
    chunk.requests++;
    if (chunk.missing)
      await route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: '{"status":false,"message":"Not found."}',
      });
    else await route.continue();
  });
  return chunk;
}

// A failing load and its 3 retries take 1 + 2 + 4 s of waiting.
describe('a screen whose code answers 404', { timeout: 60_000 }, () => {
  it('is asked for 4 times in all, then reads Something went wrong; Try again asks once more, and loads it once it is back', async () => {
    const { page, close } = await openPage(browser(), withoutServiceWorker);
    await signIn(page);
    const chunk = await missingChunk(page, /\/assets\/history-page-[\w-]+\.js$/);
    await page
      .getByRole('list', { name: 'Shortcuts' })
      .getByRole('link', { name: /Watch History/ })
      .click();
    // Before the fix: 'Loading...' for ever, and the file asked for again each time it failed.
    await page.getByRole('alert').filter({ hasText: 'Something went wrong' }).waitFor({ timeout: 30_000 });
    expect(chunk.requests).toBe(4);

    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => chunk.requests).toBe(5);
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    expect(chunk.requests).toBe(5);

    chunk.missing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Recently Watched' }).waitFor();
    expect(chunk.requests).toBe(6);
    await close();
  });

  it("in the console, the page's error view sits beside the navigation, and Try again asks once more", async () => {
    const { page, close } = await openPage(browser(), withoutServiceWorker);
    await signInToConsole(page);
    const chunk = await missingChunk(page, /\/assets\/audit-log-page-[\w-]+\.js$/);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
    const main = page.getByRole('main');
    await main.getByRole('alert').filter({ hasText: 'Something went wrong' }).waitFor({ timeout: 30_000 });
    expect(chunk.requests).toBe(4);
    expect(await page.getByRole('navigation', { name: 'Console' }).isVisible()).toBe(true);

    chunk.missing = false;
    await main.getByRole('button', { name: 'Try again' }).click();
    await main.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    expect(chunk.requests).toBe(5);
    await close();
  });
});
