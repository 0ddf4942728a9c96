import { describe, expect, it } from 'vitest';
import { openPage, phone } from './support/browser.ts';
import { horizontalOverflow, screenshots, seriousViolations, useBrowser } from './support/checks.ts';
import { DEMO_TEACHER_MOBILE, signInToConsole } from './support/console.ts';

const browser = useBrowser();
const screenshot = screenshots('console-');

describe('insights in the console', () => {
  it("shows a teacher on a phone who watched Physics' topics, who has not by name (a topic, a quiz, a chapter), a quiz's results and a student's progress", async () => {
    const { page, errors, close } = await openPage(browser(), phone);
    await signInToConsole(page, DEMO_TEACHER_MOBILE);
    await page.goto('/console/insights');
    await page.getByLabel('Subject').selectOption({ label: 'Physics' });
    // On a phone a table's rows are cards (docs/decisions/060-console-on-a-phone.md).
    const topics = page.getByRole('list', { name: 'Topics of Physics' });
    await topics.waitFor();
    expect(await topics.getByRole('listitem').count()).toBeGreaterThan(0);
    const quiz = page.getByLabel('Quiz');
    const firstQuiz = (await quiz.locator('option').nth(1).textContent()) ?? '';
    await quiz.selectOption({ label: firstQuiz });
    await page
      .getByRole('region', { name: /^Results of / })
      .getByText('Average score')
      .waitFor();
    // Who has not attempted it, by name (or that everyone has), and who has not watched a topic, as cards that fit.
    await page
      .getByRole('region', { name: /^Who to follow up on / })
      .getByText(/ students?(, \d+ shown)?\.$|Everyone in this batch has attempted it\./)
      .first()
      .waitFor();
    await topics.getByRole('button').first().click();
    await page
      .getByRole('region', { name: /^Who has not watched / })
      .getByText(/ students?(, \d+ shown)?\.$|Everyone in this batch has watched it\./)
      .first()
      .waitFor();
    // Who is behind in a chapter, by name with how many of its topics each finished (or that nobody is).
    const behind = page.getByRole('region', { name: 'Who is behind in Physics' });
    const chapter = behind.getByLabel('Chapter');
    await chapter.selectOption({ label: (await chapter.locator('option').nth(1).textContent()) ?? '' });
    await behind
      .getByText(/ students?(, \d+ shown)?\.$|Everyone has watched every topic of .* to the end\./)
      .first()
      .waitFor();
    await behind.getByRole('button', { name: 'Quizzes not attempted' }).click();
    await behind
      .getByText(
        / students?(, \d+ shown)?\.$|Everyone has attempted every quiz of .*\.|There are no quizzes here yet\./,
      )
      .first()
      .waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByLabel('Find a student by name or number').fill('Arjun');
    await page.getByRole('button', { name: 'Arjun Sharma' }).click();
    await page.getByRole('region', { name: 'What Arjun Sharma watched' }).waitFor();
    await page.getByRole('region', { name: 'Quizzes Arjun Sharma took' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'insights');

    const download = page.waitForEvent('download');
    await page
      .getByRole('region', { name: 'Who watched what in Physics' })
      .getByRole('button', { name: 'Download CSV' })
      .click();
    expect((await download).suggestedFilename()).toBe('Physics topics.csv');
    expect(errors).toEqual([]);
    await close();
  });
});
