import type { Page, Request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, phone, signIn } from './support/browser.ts';
import { useBrowser } from './support/checks.ts';

const base = () => inject('baseUrl');

async function entryScript() {
  const html = await (await fetch(`${base()}/login`)).text();
  const src = html.match(/<script type="module" crossorigin src="([^"]+)"/)?.[1];
  expect(src).toBeDefined();
  return src!;
}

describe('delivery of the web app', () => {
  it('serves the app for deep links, never cached, so a new release reaches students at once', async () => {
    const response = await fetch(`${base()}/topic/3`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<div id="root">');
  });

  it('sends scripts brotli-compressed and cached for a year (their names change with their content)', async () => {
    const response = await fetch(base() + (await entryScript()), { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('answers a missing asset with 404 rather than the app', async () => {
    const response = await fetch(`${base()}/assets/missing-file.js`);
    expect(response.status).toBe(404);
  });
});

describe('the first load of a screen', () => {
  const browser = useBrowser();

  /** When each script was asked for (ms since the epoch), by path, while `action` ran. */
  async function scriptRequests(page: Page, action: () => Promise<unknown>) {
    const requested = new Map<string, number>();
    const record = (request: Request) => {
      if (request.resourceType() === 'script') requested.set(new URL(request.url()).pathname, Date.now());
    };
    page.on('request', record);
    await action();
    page.off('request', record);
    return requested;
  }
  const requestedPath = (requested: Map<string, number>, part: string) => [...requested.keys()].find((path) => path.includes(part));

  it("downloads none of the signed-in screens' code on /login", async () => {
    const { page, close } = await openPage(browser(), phone);
    const requested = await scriptRequests(page, async () => {
      await page.goto('/login');
      await page.getByLabel('Mobile number').waitFor();
    });
    expect(requestedPath(requested, 'login-page')).toBeDefined();
    expect([...requested.keys()].filter((path) => /signed-in-app|home-page|subjects-page/.test(path))).toEqual([]);
    await close();
  });

  it("asks for a returning student's screen while the app's entry script is still downloading", async () => {
    const { page, close } = await openPage(browser(), phone);
    await signIn(page);
    // A slow network, as far as the entry script (mostly react-dom) is concerned.
    let entryArrivedAt = 0;
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      entryArrivedAt = Date.now();
      await route.continue();
    });
    const requested = await scriptRequests(page, async () => {
      await page.goto('/subjects');
      await page.getByRole('heading', { name: 'My Subjects' }).waitFor();
    });
    for (const part of ['signed-in-app', 'subjects-page']) {
      const path = requestedPath(requested, part);
      expect(path, part).toBeDefined();
      expect(requested.get(path!), part).toBeLessThan(entryArrivedAt);
    }
    // Only the screen in the address bar: Home's code is not fetched on the way to My Subjects.
    expect(requestedPath(requested, 'home-page')).toBeUndefined();
    await close();
  });
});
