import type { Page } from 'playwright-core';

// For the pages drawn before their code arrives (docs/decisions/045): login.html and index.html's shell.

/** Opens `path` with none of the app's code (a phone still downloading it): only the script named `kept` runs. */
export async function openWithOnly(page: Page, kept: RegExp, path: string) {
  await page.route(/\/assets\/[^/]+\.js$/, (route) =>
    kept.test(route.request().url()) ? route.continue() : route.abort(),
  );
  await page.goto(path);
}

/** Holds the app's entry script back until `release()`, so the drawn copy can be measured before the app replaces it. */
export async function holdEntryScript(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Starts adding up the page's layout shifts; `layoutShifts(page)` reads the sum. */
export async function watchLayoutShifts(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        (window as unknown as { shifts: number }).shifts += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift' });
  });
}

export const layoutShifts = (page: Page) => page.evaluate(() => (window as unknown as { shifts: number }).shifts);
