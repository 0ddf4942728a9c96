import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { quizBank, type DemoQuiz } from '../apps/server/src/db/seed/quiz-bank.ts';
import { desktop, openPage, phone, signIn } from './support/browser.ts';
import { horizontalOverflow, screenshots, seriousViolations, useBrowser } from './support/checks.ts';

const browser = useBrowser();

const screenshot = screenshots();

/** Whether the text of `element` is drawn mostly green or mostly red, as a student would see it. */
function hue(element: Locator) {
  return element.evaluate((el) => {
    const context = document.createElement('canvas').getContext('2d')!;
    context.fillStyle = getComputedStyle(el).color;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0] = context.getImageData(0, 0, 1, 1).data;
    return g > r ? 'green' : 'red';
  });
}

const question = (page: Page, n: number) => page.getByRole('group', { name: new RegExp(`^${n}\\. `) });
const choose = (page: Page, n: number, option: string) =>
  question(page, n).getByRole('radio', { name: option, exact: true }).check();

/** From Home to a chapter's quiz list, through the quiz screens. */
async function openChapter(page: Page, subject: string, chapter: string, device: string) {
  await page.getByRole('link', { name: /Quiz/ }).first().click();
  await page.waitForURL('**/quiz/subjects');
  await page.getByRole('link', { name: subject }).click();
  await page.getByText('Choose Chapter').waitFor();
  await screenshot(page, `quiz-chapters-${device}`);
  await page.getByRole('link', { name: new RegExp(`^${chapter}`) }).click();
  await page.getByText('Choose a Quiz').waitFor();
}

describe('quizzes on a 360 px phone', () => {
  it('takes a quiz to a pass, changing an answer and reloading midway, then finds and reviews it in the reports', async () => {
    const { page, errors, close } = await openPage(browser(), phone);
    await signIn(page);
    await openChapter(page, 'Physics', 'Laws of Motion', '360');
    await screenshot(page, 'quiz-list-360');
    await page.getByRole('link', { name: /Newton's Laws of Motion/ }).click();
    await page.getByText('Total Marks : 7').waitFor();
    expect(await question(page, 2).getByText('2 Marks').isVisible()).toBe(true);

    await choose(page, 1, 'Speed');
    await choose(page, 1, 'Mass');
    await choose(page, 2, '5 m/s²');
    await page.reload();
    await page.getByText('Total Marks : 7').waitFor();
    expect(await question(page, 1).getByRole('radio', { name: 'Mass' }).isChecked()).toBe(true);
    expect(await question(page, 1).getByRole('radio', { name: 'Speed' }).isChecked()).toBe(false);
    expect(await question(page, 2).getByRole('radio', { name: '5 m/s²' }).isChecked()).toBe(true);

    await choose(page, 3, "Newton's third law");
    await choose(page, 4, 'Momentum');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'quiz-start-360');
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.getByText('Score: 7/7').waitFor();
    expect(await page.getByRole('heading', { name: /Congratulations! You passed/ }).isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: 'Passed' }).isVisible()).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'Quiz submitted.' }).isVisible()).toBe(true);
    // The toast confirms; it does not repeat the heading.
    expect(await page.getByText(/Congratulations! You passed/).count()).toBe(1);
    await screenshot(page, 'quiz-complete-pass-360');

    await page.getByRole('link', { name: 'Back to quizzes' }).click();
    await page.getByRole('link', { name: 'View Reports' }).click();
    await page.getByText('View a report').waitFor();
    const card = page.getByRole('link', { name: /Newton's Laws of Motion/ });
    const result = card.getByText('pass - 7/7');
    await result.waitFor();
    expect(await hue(result)).toBe('green');
    await screenshot(page, 'reports-360');

    await card.click();
    await page.getByText('Total Marks Gained : 7').waitFor();
    const chosen = question(page, 1).locator('label', { hasText: 'Mass' });
    expect(await chosen.getByRole('radio').isChecked()).toBe(true);
    expect(await chosen.textContent()).toContain('Your answer, correct');
    expect(await hue(question(page, 1).getByText('✓ Your answer, correct'))).toBe('green');
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'report-preview-pass-360');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('quizzes on a desktop', () => {
  it('takes a quiz to a fail, sees it red in the reports, and reviews the wrong answers against the correct ones', async () => {
    const { page, errors, close } = await openPage(browser(), desktop);
    await signIn(page);
    await openChapter(page, 'Chemistry', 'Structure of Atom', 'desktop');
    await page.getByRole('link', { name: /Quantum Numbers/ }).click();
    await page.getByText('Total Marks : 7').waitFor();
    await choose(page, 1, '2n²');
    await choose(page, 2, 'A p orbital');
    // Question 3 is left unanswered; question 4 is answered wrongly.
    await choose(page, 4, '(4, 0, 0)');
    await screenshot(page, 'quiz-start-desktop');
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.getByText('Score: 2/7').waitFor();
    expect(await page.getByRole('img', { name: 'Not passed' }).isVisible()).toBe(true);
    await screenshot(page, 'quiz-complete-fail-desktop');

    await page.getByRole('link', { name: 'Back to quizzes' }).click();
    await page.getByRole('link', { name: 'View Reports' }).click();
    const result = page.getByRole('link', { name: /Quantum Numbers/ }).getByText('fail - 2/7');
    await result.waitFor();
    expect(await hue(result)).toBe('red');
    await screenshot(page, 'reports-desktop');

    await page.getByRole('link', { name: /Quantum Numbers/ }).click();
    await page.getByText('Total Marks Gained : 2').waitFor();
    const wrong = question(page, 2).locator('label', { hasText: 'A p orbital' });
    expect(await wrong.getByRole('radio').isChecked()).toBe(true);
    expect(await wrong.textContent()).toContain('✗ Your answer');
    const correct = question(page, 2).locator('label', { hasText: 'A d orbital' });
    expect(await correct.getByRole('radio').isChecked()).toBe(false);
    expect(await correct.textContent()).toContain('✓ Correct answer');
    expect(await question(page, 3).textContent()).toContain('Not answered');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'report-preview-fail-desktop');
    expect(errors).toEqual([]);
    await close();
  });
});

/** The demo student's quizzes, each answered by a fixed pattern: question i gets option (i + shift) mod 4. */
async function takeEveryQuiz(page: Page, shift: number) {
  for (const quiz of quizBank.filter((q) => q.subject !== 'Biology')) {
    await page.goto('/quiz/subjects');
    await page.getByRole('link', { name: quiz.subject }).click();
    await page.getByRole('link', { name: new RegExp(`^${quiz.chapter}`) }).click();
    await page.getByRole('link', { name: quiz.name }).click();
    const choices = quiz.questions.map((question, i) => question.options[(i + shift) % 4]!);
    const maxMarks = quiz.questions.reduce((sum, q) => sum + q.marks, 0);
    await page.getByText(`Total Marks : ${maxMarks}`).waitFor();
    for (const [i, option] of choices.entries()) await choose(page, i + 1, option);
    await page.getByRole('button', { name: 'Submit' }).click();

    if (!quiz.allowRetake && shift > 0) {
      // Taken once already (on the phone): refused, and the student stays on the quiz.
      await page.getByRole('status').filter({ hasText: 'can be taken only once' }).waitFor();
      expect(await page.getByRole('button', { name: 'Submit' }).isEnabled(), quiz.name).toBe(true);
      continue;
    }
    const marks = expectedMarks(quiz, choices);
    await page.getByText(`Score: ${marks}/${maxMarks}`).waitFor();
    const passed = marks >= quiz.passMarks;
    expect(await page.getByRole('img', { name: passed ? 'Passed' : 'Not passed' }).isVisible(), quiz.name).toBe(true);

    await page.getByRole('link', { name: 'Review answers' }).click();
    await page.getByText(`Total Marks Gained : ${marks}`).waitFor();
    for (const [i, option] of choices.entries()) {
      const label = question(page, i + 1).locator('label', { has: page.getByRole('radio', { checked: true }) });
      expect(await label.getByRole('radio').getAttribute('value'), `${quiz.name} question ${i + 1}`).toBe(option);
    }
    expect(await horizontalOverflow(page)).toBe(0);
  }
}

const expectedMarks = (quiz: DemoQuiz, choices: string[]) =>
  quiz.questions.reduce((sum, q, i) => sum + (q.options[q.correct] === choices[i] ? q.marks : 0), 0);

describe('every demo quiz', () => {
  it('can be taken, gives the right result and can be reviewed on a 360 px phone', async () => {
    const { page, errors, close } = await openPage(browser(), phone);
    await signIn(page);
    await takeEveryQuiz(page, 0);
    expect(errors).toEqual([]);
    await close();
  });

  it('can be taken again on a desktop, except the one that allows one attempt', async () => {
    const { page, errors, close } = await openPage(browser(), desktop);
    await signIn(page);
    await takeEveryQuiz(page, 1);
    expect(errors).toEqual([]);
    await close();
  });
});
