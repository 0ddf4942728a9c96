import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';

/** One Chromium for the test file, launched before its tests and closed after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());
  return () => {
    if (!browser) throw new Error('the browser is not running yet');
    return browser;
  };
}

const shots = process.env.E2E_SCREENSHOTS; // a folder: screenshots for a person to look at

/** A screenshot saver for this file's pages, writing `{prefix}{name}.png` when E2E_SCREENSHOTS names a folder. */
export function screenshots(prefix = '', fullPage = true) {
  return async (page: Page, name: string) => {
    if (shots) await page.screenshot({ path: `${shots}/${prefix}${name}.png`, fullPage });
  };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The serious and critical accessibility problems axe-core finds in the page, as 'rule: where'.
 * axe is evaluated by the test driver: the page's content-security policy rightly refuses an injected script tag.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const first = await axeViolations(page);
  if (!first.length) return first;
  // A toast can begin to fade out while axe runs, after the wait for animations below: half transparent, it fails
  // the contrast check once (seen in CI). A real violation is there again when axe runs a second time.
  const second = await axeViolations(page);
  return first.filter((violation) => second.includes(violation));
}

async function axeViolations(page: Page): Promise<string[]> {
  // A toast fading in or out is half transparent, and axe would measure its contrast against the page behind it:
  // wait until every animation that ends has ended (a spinner's never does).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: () => Promise<Result> } }).axe;
    return (await axe.run()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** How many CSS pixels the page is wider than the screen: more than 0 means sideways scrolling. */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Content a person cannot see on this screen, as 'tag "text" in box': cut off by a box that hides its overflow, or
 * hidden sideways in a scrolling box, which a phone draws with no scrollbar (a table's last columns looked cut off).
 * Only a link or control may sit in a scrolling row: tabbed to, it scrolls itself into view. Anything past the
 * screen's right edge outside a scrolling box is listed too (a fieldset's border as well as a button).
 */
export const clippedContent = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const isLeaf = (element: Element) =>
      element.matches('button, input, select, textarea, a, img, svg, td, th') ||
      [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim());
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || element.closest('.sr-only, [aria-hidden="true"]')) continue;
      const describe = (box: Element) =>
        `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}" in ${box.tagName.toLowerCase()}.${box.className.toString().split(' ')[0] ?? ''}`;
      let parent = element.parentElement;
      for (; parent && parent !== document.body; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX;
        if (overflow === 'visible') continue;
        const outer = parent.getBoundingClientRect();
        const sticksOut = box.right > outer.right + 1 || box.left < outer.left - 1;
        if (!sticksOut || !isLeaf(element)) break;
        const scrolls = overflow === 'auto' || overflow === 'scroll';
        const focusable = (candidate: Element | null) => candidate instanceof HTMLElement && candidate.tabIndex >= 0;
        const reachable = scrolls && focusable(element.closest('a, button, input, select, textarea'));
        if (!reachable) found.push(describe(parent));
        break;
      }
      if (parent === document.body && box.right > document.documentElement.clientWidth + 1)
        found.push(`${describe(element.parentElement!)}, past the screen's edge`);
    }
    return found;
  });

/**
 * What the student app's sweeps ask of a screen: its language, no serious accessibility problem, no sideways
 * overflow, nothing clipped. Compare with `screenIsFine(where, lang)`; `where` names the screen in a failure.
 */
export const screenFindings = async (page: Page, where: string) => ({
  where,
  lang: await page.evaluate(() => document.documentElement.lang),
  violations: await seriousViolations(page),
  overflow: await horizontalOverflow(page),
  clipped: await clippedContent(page),
});
export const screenIsFine = (where: string, lang: 'en' | 'hi') => ({
  where,
  lang,
  violations: [],
  overflow: 0,
  clipped: [],
});
