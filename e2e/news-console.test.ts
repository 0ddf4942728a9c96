import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { desktop, openPage, phone, signIn } from './support/browser.ts';
import { horizontalOverflow, seriousViolations, useBrowser } from './support/checks.ts';
import { DEMO_TEACHER_MOBILE, signInToConsole } from './support/console.ts';

const browser = useBrowser();

describe('news from the console to the students', () => {
  it('a teacher types two paragraphs and a bold word on a phone, publishes, and a student reads them as written', async () => {
    const staff = await openPage(browser(), phone);
    await signInToConsole(staff.page, DEMO_TEACHER_MOBILE);
    await staff.page.goto('/console/news');
    await staff.page.getByRole('button', { name: 'New item' }).click();
    await staff.page.getByLabel('Heading').fill('Parents meeting on Saturday');
    const text = staff.page.getByRole('textbox', { name: 'Text' });
    const bold = staff.page.getByRole('button', { name: 'Bold' });
    await text.click();
    await staff.page.keyboard.type('The term reports are ready.');
    await staff.page.keyboard.press('Enter');
    await staff.page.keyboard.type('Come at ');

    // By keyboard alone: back to the toolbar, along it to Bold, and press it; the caret is back in the text.
    await staff.page.keyboard.press('Shift+Tab');
    expect(await focusedButton(staff.page)).toEqual({ name: 'Link', outline: 'solid' });
    for (let i = 0; i < 4; i++) await staff.page.keyboard.press('ArrowLeft');
    expect(await focusedButton(staff.page)).toEqual({ name: 'Bold', outline: 'solid' });
    await staff.page.keyboard.press('Enter');
    expect(await bold.getAttribute('aria-pressed')).toBe('true');
    // The editor takes the caret back a frame after the button's press; a key sent before that would press the button.
    await expect.poll(() => text.evaluate((box) => box.contains(document.activeElement))).toBe(true);
    await staff.page.keyboard.type('10 am');
    await staff.page.keyboard.press('ControlOrMeta+b');
    expect(await bold.getAttribute('aria-pressed')).toBe('false');
    // What looks like markup, typed, is words: it is stored escaped and never runs.
    await staff.page.keyboard.type(' in hall 2. <script>window.hacked = 1</script>');

    await staff.page
      .getByRole('region', { name: 'How students will see it' })
      .locator('strong', { hasText: '10 am' })
      .waitFor();
    expect(await horizontalOverflow(staff.page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(staff.page)).toEqual([]);
    await staff.page.getByRole('button', { name: 'Save and publish' }).click();
    await staff.page.getByText('Students see it now.').waitFor();
    await staff.page.getByRole('list', { name: 'News items' }).getByText('Parents meeting on Saturday').waitFor();
    expect(await seriousViolations(staff.page)).toEqual([]);

    // Opened again, the item is in the editor as it was saved.
    await staff.page.getByRole('button', { name: 'Edit Parents meeting on Saturday' }).click();
    await text.locator('strong', { hasText: '10 am' }).waitFor();
    expect(await text.locator('p').allTextContents()).toEqual([
      'The term reports are ready.',
      'Come at 10 am in hall 2. <script>window.hacked = 1</script>',
    ]);
    expect(staff.errors).toEqual([]);
    await staff.close();

    const student = await openPage(browser(), desktop);
    await signIn(student.page);
    await student.page.goto('/news-and-events');
    await student.page.getByText('Parents meeting on Saturday').click();
    const body = student.page.locator('article > div:last-child > p');
    await body.first().waitFor();
    expect(await body.allTextContents()).toEqual([
      'The term reports are ready.',
      'Come at 10 am in hall 2. <script>window.hacked = 1</script>',
    ]);
    expect(await student.page.getByRole('article').locator('strong').allTextContents()).toEqual(['10 am']);
    expect(await student.page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    expect(
      await student.page
        .locator('script:not([src])')
        .evaluateAll((scripts) => scripts.filter((s) => s.textContent?.includes('hacked')).length),
    ).toBe(0);
    expect(student.errors).toEqual([]);
    await student.close();
  });
});

/** The focused element's name and whether its focus ring shows. */
const focusedButton = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement as HTMLElement;
    return { name: focused.textContent, outline: getComputedStyle(focused).outlineStyle };
  });
