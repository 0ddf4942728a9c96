import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, outboxSize, phone, waitForCode } from './support/browser.ts';
import { clippedContent, horizontalOverflow, screenshots, seriousViolations, useBrowser } from './support/checks.ts';
import { DEMO_ADMIN_MOBILE, signInToConsole } from './support/console.ts';
import { postJsonFrom } from './support/strangers.ts';

const browser = useBrowser();
const screenshot = screenshots('console-360-');

/** A console call as the signed-in staff member, with the token the console keeps. */
async function callConsole<T>(page: Page, path: string, body: object): Promise<T> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('consoleSession')!) as { state: { token: string } }).state.token,
  );
  const response = await fetch(`${inject('baseUrl')}/console/micros/Staff${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Token: token },
    body: JSON.stringify(body),
  });
  const payload = (await response.json()) as { data: T; message: string };
  if (!response.ok) throw new Error(`${path}: ${payload.message}`);
  return payload.data;
}

/** Options as teachers write them: whole sentences, and a formula with no space to break at. */
const longOptions = [
  'The force of gravity between the Earth and the Moon pulls the Moon towards the Earth all the time',
  'Magnetism from the Earth’s molten iron core holds the Moon on a fixed track around the planet',
  'F=Gm₁m₂/r²,where G=6.674×10⁻¹¹N·m²/kg²andr=384,400km(mean-Earth–Moon-distance)',
  'Nothing keeps it there: it drifts away from the Earth by about 3.8 centimetres every single year',
];

/** Waits for a console screen to be drawn: its heading, and nothing still loading. */
async function settled(page: Page) {
  await page.locator('h1').first().waitFor();
  await expect.poll(() => page.getByRole('status').filter({ hasText: 'Loading' }).count()).toBe(0);
}

async function expectFits(page: Page, where: string) {
  await settled(page);
  await screenshot(page, where.replace(/\W+/g, '-'));
  expect({ where, overflow: await horizontalOverflow(page), clipped: await clippedContent(page) }).toEqual({
    where,
    overflow: 0,
    clipped: [],
  });
  expect({ where, violations: await seriousViolations(page) }).toEqual({ where, violations: [] });
}

describe('every console screen on a 360 px phone', () => {
  it('fits the screen and is accessible, with a long quiz open in the editor and insights of a batch', async () => {
    const { page, errors, close } = await openPage(browser(), phone);
    await signInToConsole(page);

    // A quiz with long options in the first chapter of the first subject that has one.
    const { subjects } = await callConsole<{ subjects: { id: number; name: string; chapters: number }[] }>(
      page,
      '/Course/subjects',
      {},
    );
    const subject = subjects.find((s) => s.chapters > 0)!;
    const { chapters } = await callConsole<{ chapters: { id: number; name: string }[] }>(page, '/Course/subject', {
      subject_id: subject.id,
    });
    const chapter = chapters[0]!;
    await callConsole(page, '/Quiz/save', {
      chapter_id: chapter.id,
      name: 'What keeps the Moon going round the Earth, and what would happen without it',
      pass_marks: 1,
      allow_retake: true,
      questions: [
        {
          question: 'Which of these keeps the Moon in its orbit around the Earth, month after month, year after year?',
          options: longOptions,
          answer: 1,
          marks: 2,
        },
      ],
    });

    // A batch of 40 in Physics, as the clerk had: 39 imported beside the demo student, some named in Hindi.
    const rows = ['name,mobile,guardian,state,academic_level,subjects,batches'];
    for (let i = 0; i < 39; i++)
      rows.push(
        `${i % 2 ? 'बैच साथी' : 'Batchmate'} ${i},+91 73${String(100_000_00 + i * 7).padStart(8, '0')},Guardian ${i},Rajasthan,Class 10,Physics,Physics Batch A (Morning)`,
      );
    const imported = await callConsole<{ created: number; skipped: unknown[] }>(page, '/Students/import_commit', {
      file: Buffer.from(rows.join('\n')).toString('base64'),
    });
    expect(imported).toMatchObject({ created: 39, skipped: [] });

    const nav = page.getByRole('navigation', { name: 'Console' });
    const routes = await nav
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    expect(routes.length).toBeGreaterThan(8);
    for (const route of [...routes, '/console/no-such-page']) {
      await page.goto(route);
      await expectFits(page, route);
    }

    // The quiz editor with every part open: the long options, their remove buttons, and the preview.
    await page.goto(`/console/course?subject=${subject.id}`);
    const section = page.getByRole('region', { name: chapter.name });
    const toggle = section.getByRole('button', { name: chapter.name, exact: true });
    await toggle.waitFor();
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await section.getByRole('button', { name: /^Edit What keeps the Moon/ }).click();
    const editor = section.getByRole('form', { name: /^Edit What keeps the Moon/ });
    await editor.getByRole('textbox', { name: 'Option 4 of question 1' }).waitFor();
    await editor.getByRole('button', { name: 'Preview as a student' }).click();
    await editor.getByRole('region', { name: 'How students will see it' }).waitFor();
    await expectFits(page, 'course quiz editor');

    // Insights of a subject with its enrolled batch, a quiz's results and a student's progress.
    await page.goto('/console/insights');
    await settled(page);
    await page.getByLabel('Subject').selectOption({ label: 'Physics' });
    await page
      .getByRole('region', { name: 'Who watched what in Physics' })
      .getByText(/^\d{2,} students are enrolled/)
      .waitFor();
    const quiz = page.getByLabel('Quiz');
    await quiz.selectOption({ label: (await quiz.locator('option').nth(1).textContent()) ?? '' });
    await page
      .getByRole('region', { name: /^Results of / })
      .getByText('Average score')
      .waitFor();
    await page.getByLabel('Find a student by name or number').fill('Arjun');
    await page.getByRole('button', { name: 'Arjun Sharma' }).click();
    await page.getByRole('region', { name: 'Quizzes Arjun Sharma took' }).waitFor();
    await expectFits(page, 'insights of Physics');

    expect(errors).toEqual([]);
    await close();
  }, 240_000);
  // A route holds more than its first screen: these are the states a clerk reaches inside the routes above.
  it('fits the screen and is accessible inside the routes: sign-in, a student, a news item, an import preview, an audit entry, a request', async () => {
    const { page, errors, close } = await openPage(browser(), phone);
    await page.goto('/console/sign-in');
    await page.getByLabel('Mobile number').fill(`+91 ${DEMO_ADMIN_MOBILE}`);
    await expectFits(page, 'sign-in');
    const seen = await outboxSize();
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Sign-in code').fill(await waitForCode(DEMO_ADMIN_MOBILE, seen));
    await expectFits(page, 'sign-in code');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();

    // A student opened from the roster, with their subjects and batches.
    await page.goto('/console/students');
    await page.getByLabel('Search by name or number').fill('Arjun');
    await page.getByRole('link', { name: 'Arjun Sharma' }).click();
    await page.getByRole('heading', { name: 'Arjun Sharma' }).waitFor();
    await expectFits(page, 'student editor');

    // A news item being written, in the rich-text editor, with its preview.
    await page.goto('/console/news');
    await page.getByRole('button', { name: 'New item' }).click();
    await page.getByLabel('Heading').fill('Fees for the winter term are due on Monday, 1 December');
    await page.getByRole('textbox', { name: 'Text' }).click();
    await page.keyboard.type(
      'Pay at the office between 10 am and 4 pm. https://institute.example.com/fees/winter-term',
    );
    await page.getByRole('region', { name: 'How students will see it' }).getByText('Pay at the office').waitFor();
    await expectFits(page, 'news editor');

    // The import preview of a sheet Excel saved as "CSV (Comma delimited)": its lines' problems, listed.
    await page.goto('/console/students/import');
    const damaged = [
      "S.No.,Student Name,Mobile No.,Father's Name,Email ID,State,District,Class,Subject,Batch,Roll No",
      '1,????? ?????,98290 11111,???? ?????,rahul@example.com,Rajasthan,Jaipur,Class 11,Physics,,14',
      '2,Sunita Verma,98290 2222,"Verma, Mohan",,Rajasthan,Jaipur,Class 12,Astronomy,,15',
    ].join('\r\n');
    await page
      .getByLabel('CSV file', { exact: true })
      .setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(damaged) });
    await page.getByText('In Excel choose File > Save As', { exact: false }).first().waitFor();
    await expectFits(page, 'import preview');

    // An audit entry opened to what it changed.
    await page.goto('/console/audit-log');
    const changes = page.getByRole('list', { name: 'Changes' });
    await changes.locator('summary').first().click();
    await changes.getByRole('table', { name: 'What changed' }).first().waitFor();
    await expectFits(page, 'audit entry');

    // A registration waiting, with its subjects and batches to choose; then turned down, to leave none waiting.
    const levels = await (await page.request.get('/console/micros/Api/Auth/academic_levels')).json();
    const mobile = '9988770360';
    const asked = outboxSize();
    // From an address of its own: the browser's 127.0.0.1 has used its hour's codes for new numbers in other files.
    const from = '127.0.0.60';
    const signup = await postJsonFrom<{ message: string; data: { otp_ref: string } }>(
      from,
      '/console/micros/Api/Auth/signup',
      {
        name: 'Kavita Raghunathan Subramaniam',
        guardian: 'Raghunathan Subramaniam Venkataraman',
        state: 'Rajasthan',
        district: 'Jaipur',
        email: 'kavita.raghunathan.subramaniam@example.com',
        phone_code: '91',
        mobile,
        academic_level: (levels as { data: { id: number }[] }).data[0]!.id,
      },
    );
    expect(signup.status, signup.answer.message).toBe(200);
    const verified = await postJsonFrom<{ message: string }>(from, '/console/micros/Api/Auth/verifyOTP', {
      otp_ref: signup.answer.data.otp_ref,
      otp: await waitForCode(mobile, await asked),
    });
    expect(verified.status, verified.answer.message).toBe(200);
    await page.goto('/console/registrations');
    const card = page.getByRole('article', { name: 'Kavita Raghunathan Subramaniam' });
    await card.waitFor();
    await expectFits(page, 'registration request');
    await card.getByRole('button', { name: 'Reject…' }).click();
    await card.getByLabel('Reason (sent to the student by SMS)').fill('Please ask at the office.');
    await card.getByRole('button', { name: 'Reject Kavita Raghunathan Subramaniam' }).click();
    await page.getByText('No requests are waiting.').waitFor();

    expect(errors).toEqual([]);
    await close();
  }, 180_000);
});
