import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { desktop, openPage, phone, signIn } from './support/browser.ts';
import { screenshots, seriousViolations, useBrowser } from './support/checks.ts';

const browser = useBrowser();

const screenshot = screenshots('study-materials-', false);

/** Home → Study Materials → Physics → Units and Measurements: the list of materials. */
async function openMaterialList(page: Page) {
  await page
    .getByRole('link', { name: /Study Materials/ })
    .first()
    .click();
  await page.waitForURL('**/study-materials-subjects');
  await page.getByText('Choose Subject').waitFor();
  await page.getByRole('link', { name: 'Physics' }).click();
  await page.getByText('Choose Chapter').waitFor();
  await page.getByRole('link', { name: 'Units and Measurements' }).click();
  await page.getByRole('button', { name: /Physics Formula Handbook/ }).waitFor();
}

const textLayer = (page: Page, text: string) => page.locator('.textLayer', { hasText: text }).first();
const pageInput = (page: Page) => page.getByLabel('Page', { exact: true });
const pagesWithCanvas = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.pdfViewer .page')]
      .filter((p) => p.querySelector('canvas'))
      .map((p) => Number(p.dataset.pageNumber)),
  );

/** Two touch points moving apart from `from` to `to` pixels, as a pinch-out on a touch screen. */
async function pinch(page: Page, from: number, to: number) {
  await page.locator('[aria-label="Document pages"]').evaluate(
    async (element, [start, end]) => {
      const box = element.getBoundingClientRect();
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
      const touches = (gap: number) => [
        new Touch({ identifier: 1, target: element, clientX: x - gap / 2, clientY: y }),
        new Touch({ identifier: 2, target: element, clientX: x + gap / 2, clientY: y }),
      ];
      const send = (type: string, list: Touch[]) =>
        element.dispatchEvent(
          new TouchEvent(type, { touches: list, changedTouches: list, bubbles: true, cancelable: true }),
        );
      send('touchstart', touches(start!));
      for (let gap = start!; gap <= end!; gap += 20) {
        send('touchmove', touches(gap));
        await new Promise((r) => setTimeout(r, 16));
      }
      send('touchend', []);
    },
    [from, to],
  );
}

async function backToList(page: Page) {
  await page.goBack();
  await page.getByRole('button', { name: /Physics Formula Handbook/ }).waitFor();
  expect(new URL(page.url()).searchParams.get('learning')).toBeNull();
  expect(await page.locator('.pdfViewer').count()).toBe(0);
}

describe('study materials on a desktop', () => {
  it('reads, searches, pages through a long PDF, opens a protected one and ignores a script link', async () => {
    const { page, errors, close } = await openPage(browser(), desktop);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const fileResponses: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/materials/')) fileResponses.push(response.status());
    });
    await signIn(page);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${message.text()} ${message.location().url}`);
    });
    await openMaterialList(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Study Materials');
    await page.getByText('Physics', { exact: true }).first().waitFor();
    await screenshot(page, 'desktop-list');

    // A short PDF: its words are in the text layer (selectable, searchable), and find highlights them.
    await page.getByRole('button', { name: /Units and Measurements - Notes/ }).click();
    await page.waitForURL(/learning=true/);
    await textLayer(page, 'Physics is a quantitative science').waitFor();
    await expect.poll(() => page.getByText(/^of 3$/).count()).toBe(1);
    await page.getByLabel('Find in document').fill('parallax');
    await page.getByLabel('Find in document').press('Enter');
    await expect.poll(() => page.locator('form[role=search] output').textContent()).toBe('1 of 2');
    expect(await page.locator('.textLayer .highlight').count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'desktop-notes');
    await backToList(page);

    // The long PDF: time to its first page, then a late page, with canvases only near the view.
    const started = Date.now();
    await page.getByRole('button', { name: /Physics Formula Handbook/ }).click();
    await textLayer(page, 'Handbook page 1').waitFor();
    await page.locator('.page[data-page-number="1"] canvas').first().waitFor({ state: 'attached' });
    console.log(`[study-materials] first page of the 124-page handbook drawn after ${Date.now() - started} ms`);
    await expect.poll(() => page.getByText(/^of 124$/).count()).toBe(1);
    expect(fileResponses).toContain(206);

    // Ctrl + wheel zooms the document (not the page).
    const zoom = page.getByLabel('Zoom level');
    const before = await zoom.textContent();
    await page.locator('[aria-label="Document pages"]').hover();
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -300);
    await page.keyboard.up('Control');
    await expect.poll(async () => parseInt((await zoom.textContent()) ?? '0')).toBeGreaterThan(parseInt(before ?? '0'));
    await page.getByRole('button', { name: 'Fit width' }).click();

    await pageInput(page).fill('100');
    await pageInput(page).press('Enter');
    await textLayer(page, 'Marker 100:').waitFor();
    await page.locator('[aria-label="Document pages"]').hover();
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 500);
    await expect.poll(async () => Number(await pageInput(page).inputValue())).toBeGreaterThan(100);
    // Once drawing settles, only the shown pages and 3 either side hold a canvas.
    const drawnAroundView = async () => {
      const current = Number(await pageInput(page).inputValue());
      const drawn = await pagesWithCanvas(page);
      return {
        count: drawn.length,
        far: drawn.filter((n) => Math.abs(n - current) > 4).map((n) => `${n} while ${current} shown`),
      };
    };
    await expect.poll(async () => (await drawnAroundView()).far).toEqual([]);
    const { count } = await drawnAroundView();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(9);
    await screenshot(page, 'desktop-handbook');
    await backToList(page);

    // Links: the script link does nothing at all; the web link opens a new tab without opener.
    await page.getByRole('button', { name: /Further Reading/ }).click();
    await textLayer(page, 'Tap here for a quiz hint').waitFor();
    const web = page.locator('.annotationLayer a[href^="https://"]');
    await web.waitFor({ state: 'attached' });
    expect(await web.getAttribute('target')).toBe('_blank');
    expect(await web.getAttribute('rel')).toContain('noopener');
    expect(await page.locator('.annotationLayer a[href^="javascript:" i]').count()).toBe(0);
    const address = page.url();
    const hint = await textLayer(page, 'Tap here for a quiz hint').getByText('Tap here for a quiz hint').boundingBox();
    await page.mouse.click(hint!.x + 20, hint!.y + hint!.height / 2);
    await page.waitForTimeout(500);
    expect(dialogs).toEqual([]);
    expect(page.url()).toBe(address);
    await backToList(page);

    // The protected PDF: a wrong password is refused, the right one opens it; Enter submits.
    await page.getByRole('button', { name: /Practice Set 1/ }).click();
    const password = page.getByLabel('Password', { exact: true });
    await page.getByText('A password is required to open this document.').waitFor();
    await password.fill('not-it');
    await password.press('Enter');
    await page.getByText('The password is wrong. Please try again.').waitFor();
    await screenshot(page, 'desktop-wrong-password');
    await password.fill('portal123');
    await password.press('Enter');
    await textLayer(page, 'Practice Set 1').waitFor();
    await backToList(page);

    expect(errors).toEqual([]);
    // No content-security-policy refusal (worker, fonts, canvases) and nothing else logged as an error.
    expect(consoleErrors).toEqual([]);
    await close();
  });
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('study materials on a 360 px phone', () => {
  it('opens a PDF at the width of the screen and downloads it', async () => {
    const { page, errors, close } = await openPage(browser(), phone);
    await signIn(page);
    await openMaterialList(page);
    await screenshot(page, 'phone-list');
    await page.getByRole('button', { name: /Units and Measurements - Notes/ }).click();
    await textLayer(page, 'Physics is a quantitative science').waitFor();
    const pageBox = await page.locator('.pdfViewer .page').first().boundingBox();
    expect(pageBox!.width).toBeGreaterThan(300);
    expect(pageBox!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );

    const zoom = page.getByLabel('Zoom level');
    const fitted = await zoom.textContent();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => zoom.textContent()).not.toBe(fitted);
    await page.getByRole('button', { name: 'Fit width' }).click();
    await expect.poll(() => zoom.textContent()).toBe(fitted);
    await screenshot(page, 'phone-notes');

    // A two-finger pinch zooms in.
    await pinch(page, 60, 160);
    await expect.poll(async () => parseInt((await zoom.textContent()) ?? '0')).toBeGreaterThan(parseInt(fitted ?? '0'));
    await page.getByRole('button', { name: 'Fit width' }).click();

    // Turning the phone: the page is fitted to the new width once the resizing settles.
    await page.setViewportSize({ width: 740, height: 360 });
    await expect
      .poll(async () => (await page.locator('.pdfViewer .page').first().boundingBox())!.width)
      .toBeGreaterThan(600);
    await page.setViewportSize({ width: 360, height: 740 });

    // The toolbar fits: a usable find box, arrows that Download does not cover, and the count on screen.
    const find = page.getByRole('searchbox', { name: 'Find in document' });
    await find.fill('the');
    await find.press('Enter');
    const count = page.locator('form[role="search"] output');
    await expect.poll(() => count.textContent()).toMatch(/^\d+ of \d+$/);
    const boxes = await Promise.all(
      [
        find,
        page.getByRole('button', { name: 'Previous match' }),
        page.getByRole('button', { name: 'Next match' }),
        count,
        page.getByRole('button', { name: 'Download' }),
      ].map(async (element) => (await element.boundingBox())!),
    );
    const [findBox, previousBox, nextBox, countBox, downloadBox] = boxes as [Box, Box, Box, Box, Box];
    expect(findBox.width).toBeGreaterThanOrEqual(120);
    for (const [a, b] of [
      [findBox, previousBox],
      [previousBox, nextBox],
      [nextBox, countBox],
      [nextBox, downloadBox],
      [countBox, downloadBox],
      [findBox, downloadBox],
    ] as const) {
      expect(overlaps(a, b)).toBe(false);
    }
    expect(countBox.x + countBox.width).toBeLessThanOrEqual(360);
    await screenshot(page, 'phone-find');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('units-and-measurements-notes.pdf');

    await page.getByRole('button', { name: '← Back' }).click();
    await page.getByRole('button', { name: /Physics Formula Handbook/ }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
