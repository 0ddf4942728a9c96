import type { Page, Request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openLogin, openPage, phone, signIn } from './support/browser.ts';
import { useBrowser } from './support/checks.ts';

const base = () => inject('baseUrl');

async function entryScript() {
  const html = await (await fetch(`${base()}/`)).text();
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

  /** When each script and API call was asked for (ms since the epoch), by path, while `action` ran. */
  async function requestsDuring(page: Page, action: () => Promise<unknown>) {
    const requested = new Map<string, number>();
    const apiCalls: string[] = [];
    const record = (request: Request) => {
      const path = new URL(request.url()).pathname;
      if (['script', 'image'].includes(request.resourceType()) || path.includes('/Api/'))
        requested.set(path, Date.now());
      if (path.includes('/Api/')) apiCalls.push(path.replace(/.*\/Api/, ''));
    };
    page.on('request', record);
    await action();
    page.off('request', record);
    return Object.assign(requested, { apiCalls });
  }
  /** Holds the app's entry script (mostly react-dom) back for a second, as a slow network would. */
  async function slowEntry(page: Page) {
    const arrival = { at: 0 };
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      arrival.at = Date.now();
      await route.continue();
    });
    return arrival;
  }
  const requestedPath = (requested: Map<string, number>, part: string) =>
    [...requested.keys()].find((path) => path.includes(part));

  it("downloads none of the signed-in screens' code on /login", async () => {
    const { page, close } = await openPage(browser(), phone);
    const requested = await requestsDuring(page, async () => {
      await openLogin(page);
      await page.getByLabel('Mobile number').waitFor();
    });
    expect(requestedPath(requested, 'login-page')).toBeDefined();
    expect([...requested.keys()].filter((path) => /signed-in-app|home-page|subjects-page/.test(path))).toEqual([]);
    await close();
  });

  it("asks for the login screen's code while the app's entry script is still downloading", async () => {
    const { page, close } = await openPage(browser(), { ...phone, serviceWorkers: 'block' });
    const entry = await slowEntry(page);
    const requested = await requestsDuring(page, async () => {
      await openLogin(page);
      await page.getByLabel('Mobile number').waitFor();
    });
    expect(requested.get(requestedPath(requested, 'login-page')!)).toBeLessThan(entry.at);
    await close();
  });

  it("asks for a returning student's screen and its data while the app's entry script is still downloading", async () => {
    // No service worker: once it has installed (a race with this test's steps) it would serve the entry script from its
    // cache, past the route that holds it back, and the test would measure nothing.
    const { page, close } = await openPage(browser(), { ...phone, serviceWorkers: 'block' });
    await signIn(page);
    const entry = await slowEntry(page);
    const requested = await requestsDuring(page, async () => {
      await page.goto('/subjects');
      await page.getByRole('heading', { name: 'My Subjects' }).waitFor();
      await page.getByRole('link', { name: /Physics/ }).waitFor();
    });
    // The first card's picture (the screen's largest paint) too: boot.js read its address in the early answer.
    for (const part of ['signed-in-app', 'subjects-page', '/Student/subjects', '/media/subjects/physics']) {
      const path = requestedPath(requested, part);
      expect(path, part).toBeDefined();
      expect(requested.get(path!), part).toBeLessThan(entry.at);
    }
    // The subjects were asked for once: the app took the answer boot.js had asked for.
    expect(requested.apiCalls.filter((path) => path === '/Student/subjects')).toHaveLength(1);
    // Only the screen in the address bar: Home's code is not fetched on the way to My Subjects.
    expect(requestedPath(requested, 'home-page')).toBeUndefined();
    await close();
  });
});
