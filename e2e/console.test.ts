import { describe, expect, it } from 'vitest';
import { desktop, openPage, phone } from './support/browser.ts';
import { horizontalOverflow, screenshots, seriousViolations, useBrowser } from './support/checks.ts';
import { DEMO_TEACHER_MOBILE, signInToConsole, signInToConsoleThroughScreen } from './support/console.ts';

const browser = useBrowser();
const screenshot = screenshots('console-');

describe('the console', () => {
  it('signs the demo admin in at /console on a phone, with the code from the SMS outbox, into the shell', async () => {
    const { page, errors, close } = await openPage(browser(), phone);
    await page.goto('/console/staff');
    await page.waitForURL((url) => url.pathname === '/console/sign-in');
    await page.getByLabel('Mobile number').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'sign-in');

    await signInToConsoleThroughScreen(page);
    const nav = page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('link', { name: 'Staff' }).isVisible()).toBe(true);
    // The demo's admin sees what is left to go live; checked for overflow and contrast with the rest.
    await page.getByRole('region', { name: 'Going live' }).getByText('To do: Remove the demo data').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'overview');

    // A deep link opens the console page itself, not the student app.
    await page.goto('/console/staff');
    await page.getByRole('combobox', { name: 'Role of Asha Admin' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff');

    await page.goto('/console/audit-log');
    await page.getByRole('button', { name: 'Show changes' }).waitFor();
    await page.getByRole('status').waitFor({ state: 'detached' });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'audit-log');
    expect(errors).toEqual([]);
    await close();
  });

  it('lets an admin add a teacher by keyboard, who then signs in and sees no Staff page', async () => {
    const admin = await openPage(browser(), desktop);
    await signInToConsole(admin.page);
    await admin.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' }).click();
    await admin.page.getByLabel('Name').fill('Kavya Teacher');
    await admin.page.getByLabel('Mobile number').fill('098450 77777');
    await admin.page.getByLabel('Mobile number').press('Enter');
    await admin.page.getByRole('combobox', { name: 'Role of Kavya Teacher' }).waitFor();
    expect(await seriousViolations(admin.page)).toEqual([]);

    // The addition is in the audit log: who did it, and the new member's fields.
    await admin.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
    const change = admin.page.getByRole('list', { name: 'Changes' }).getByRole('listitem').first();
    await change.getByText('Staff member added').click();
    await change.getByRole('cell', { name: 'Kavya Teacher' }).waitFor();
    expect(await change.textContent()).toContain('Asha Admin (admin)');
    expect(await seriousViolations(admin.page)).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.close();

    const teacher = await openPage(browser(), desktop);
    await signInToConsole(teacher.page, DEMO_TEACHER_MOBILE);
    const nav = teacher.page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('link', { name: 'Staff' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
    await teacher.page.goto('/console/staff');
    await teacher.page.getByRole('heading', { name: 'Not for your role' }).waitFor();
    expect(teacher.errors).toEqual([]);
    await teacher.close();
  });
});
