import { describe, expect, it } from 'vitest';
import { desktop, openPage, phone, signIn } from './support/browser.ts';
import { horizontalOverflow, seriousViolations, useBrowser } from './support/checks.ts';
import { DEMO_TEACHER_MOBILE, signInToConsole } from './support/console.ts';

const browser = useBrowser();

describe('news from the console to the students', () => {
  it('a teacher writes an item with a script in it, publishes it, and a student reads it without the script', async () => {
    const staff = await openPage(browser(), phone);
    await signInToConsole(staff.page, DEMO_TEACHER_MOBILE);
    await staff.page.goto('/console/news');
    await staff.page.getByRole('button', { name: 'New item' }).click();
    await staff.page.getByLabel('Heading').fill('Parents meeting on Saturday');
    await staff.page.getByLabel('Text').fill('<p>At <b>10 am</b> in hall 2.</p><script>window.hacked = 1</script>');
    await staff.page.getByRole('region', { name: 'How students will see it' }).getByText('10 am').waitFor();
    expect(await horizontalOverflow(staff.page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(staff.page)).toEqual([]);
    await staff.page.getByRole('button', { name: 'Save and publish' }).click();
    await staff.page.getByText('Students see it now.').waitFor();
    await staff.page.getByRole('list', { name: 'News items' }).getByText('Parents meeting on Saturday').waitFor();
    expect(await seriousViolations(staff.page)).toEqual([]);
    expect(staff.errors).toEqual([]);
    await staff.close();

    const student = await openPage(browser(), desktop);
    await signIn(student.page);
    await student.page.goto('/news-and-events');
    await student.page.getByText('Parents meeting on Saturday').click();
    await student.page.getByText('10 am').waitFor();
    expect(await student.page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    expect(await student.page.locator('script:not([src])').evaluateAll((scripts) => scripts.filter((s) => s.textContent?.includes('hacked')).length)).toBe(0);
    expect(student.errors).toEqual([]);
    await student.close();
  });
});
