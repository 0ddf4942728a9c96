import { describe, expect, it } from 'vitest';
import { desktop, openPage } from './support/browser.ts';
import { seriousViolations, useBrowser } from './support/checks.ts';
import { signInToConsole } from './support/console.ts';

const browser = useBrowser();

// Names as a Jaipur office's sheet has them, in Devanagari.
const csv = ['name,mobile', 'राहुल शर्मा,98290 10001', 'सुनीता वर्मा,98290 10002'].join('\n');

describe('Hindi names in the console', () => {
  it('imports "राहुल शर्मा" and finds him by "rahul" in the roster and in Insights, and by "राहुल"', async () => {
    const { page, errors, close } = await openPage(browser(), desktop);
    await signInToConsole(page);
    await page.goto('/console/students/import');
    await page
      .getByLabel('CSV file', { exact: true })
      .setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Commit 2 lines' }).click();
    await page.getByRole('heading', { name: 'Import finished' }).waitFor();

    await page.goto('/console/students');
    const search = page.getByLabel('Search by name or number');
    await search.fill('rahul');
    // The list before the search may already show the new names (newest first) and not Arjun: each check waits for
    // the searched list, in which the others are gone.
    await page.getByRole('link', { name: 'Arjun Sharma' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'सुनीता वर्मा' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'राहुल शर्मा' }).waitFor();
    await search.fill('राहुल');
    await page.getByRole('link', { name: 'राहुल शर्मा' }).waitFor();
    await search.fill('मीरा');
    await page.getByRole('link', { name: 'राहुल शर्मा' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Meera Nair' }).waitFor();
    expect(await page.getByRole('link', { name: 'राहुल शर्मा' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/console/insights');
    await page.getByLabel('Find a student by name or number').fill('sunita');
    await page.getByRole('list', { name: 'Matching students' }).getByRole('button', { name: 'सुनीता वर्मा' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
