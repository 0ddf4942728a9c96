import { describe, expect, it } from 'vitest';
import { openPage, phone } from './support/browser.ts';
import { horizontalOverflow, screenshots, seriousViolations, useBrowser } from './support/checks.ts';
import { signInToConsole } from './support/console.ts';
import { startOwnPortal } from './support/own-portal.ts';

const browser = useBrowser();
const screenshot = screenshots('roster-bulk-');

describe('the roster as a working list', () => {
  // A portal of its own: the journey deactivates demo students, which the shared server's other files sign in as.
  it('on a 360 px phone, by keyboard: tick a student, enrol them in a batch, filter by it, deactivate everyone in it after a confirmation with the count, see the result', {
    timeout: 180_000,
  }, async () => {
    const portal = await startOwnPortal();
    const { page, errors, close } = await openPage(browser(), { ...phone, baseURL: portal.baseUrl });
    try {
      await signInToConsole(page, undefined, portal.outbox);
      await page.goto('/console/students');
      await page.getByRole('link', { name: 'Arjun Sharma' }).waitFor();
      // Meera (Biology only) is ticked with the space bar and enrolled in a Physics batch in one confirmed step.
      await page.getByRole('checkbox', { name: 'Select Meera Nair' }).focus();
      await page.keyboard.press('Space');
      const bar = page.getByRole('region', { name: 'Selected students' });
      await bar.getByText('1 student selected').waitFor();
      await bar.getByLabel('Action', { exact: true }).selectOption('enrol');
      await bar.getByLabel('Subject', { exact: true }).selectOption({ label: 'Physics' });
      await bar.getByLabel('Batch (optional)').selectOption({ label: 'Physics Batch A (Morning)' });
      await bar.getByRole('button', { name: 'Continue' }).click();
      await bar.getByText('Enrol 1 student in Physics, batch Physics Batch A (Morning)?').waitFor();
      await page.keyboard.press('Enter');
      await page.getByRole('status').getByText('1 student enrolled.').waitFor();

      // The batch's filter now shows both, each with their subjects and batches; both are deactivated at once.
      await page.getByLabel('Batch', { exact: true }).selectOption({ label: 'Physics Batch A (Morning)' });
      await page.getByRole('link', { name: 'Meera Nair' }).waitFor();
      await page
        .getByText(/Physics \(Physics Batch A \(Morning\)\)(;|$)/)
        .first()
        .waitFor();
      await page.getByLabel('Select everyone on this page', { exact: true }).check();
      await bar.getByText('2 students selected').waitFor();
      await bar.getByLabel('Action', { exact: true }).selectOption('deactivate');
      await bar.getByRole('button', { name: 'Continue' }).click();
      const confirm = bar.getByRole('button', { name: 'Deactivate 2 students' });
      await confirm.waitFor();
      expect(await confirm.evaluate((button) => button === document.activeElement)).toBe(true);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'confirm-phone');
      await page.keyboard.press('Enter');

      await page.getByRole('status').getByText('2 students deactivated and signed out everywhere.').waitFor();
      expect(await page.getByRole('listitem').getByText('Deactivated', { exact: true }).count()).toBe(2);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'result-phone');

      // The audit log names each student the one step changed.
      await page.goto('/console/audit-log');
      await page.locator('summary', { hasText: 'Student deactivated' }).first().waitFor();
      for (const name of ['Arjun Sharma', 'Meera Nair'])
        expect(await page.locator('summary', { hasText: `Student deactivated: ${name}` }).count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await close();
      await portal.stop();
    }
  });
});
