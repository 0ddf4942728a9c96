import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { desktop, openPage, phone, signIn } from './support/browser.ts';
import { horizontalOverflow, screenshots, seriousViolations, useBrowser } from './support/checks.ts';
import { DEMO_TEACHER_MOBILE, signInToConsole } from './support/console.ts';

const browser = useBrowser();
const screenshot = screenshots('course-authoring-');

const demoFile = (path: string) => fileURLToPath(new URL(`../apps/server/${path}`, import.meta.url));

const tomorrowInKolkata = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + 24 * 3600 * 1000));

const playingTime = (page: Page) => page.evaluate(() => document.querySelector('video')?.currentTime ?? -1);

describe('a course from the console to the students', () => {
  it('a teacher on a phone adds a subject, a chapter, a topic with an uploaded video, a PDF, a quiz and a class at 09:00; the student plays, reads, takes the quiz and sees the class at 9:00 am; the teacher sees it in insights', async () => {
    const staff = await openPage(browser(), phone);
    await signInToConsole(staff.page, DEMO_TEACHER_MOBILE);
    await staff.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Courses' }).click();
    await staff.page.getByRole('list', { name: 'Subjects' }).getByRole('link', { name: 'Physics' }).waitFor();
    expect(await horizontalOverflow(staff.page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(staff.page)).toEqual([]);
    await screenshot(staff.page, 'subjects');
    const addSubject = staff.page.getByRole('form', { name: 'Add subject' });
    await addSubject.getByLabel('Subject name').fill('Space Science');
    await addSubject.getByLabel('Subject name').press('Enter');
    await staff.page.getByRole('heading', { level: 2, name: 'Space Science' }).waitFor();
    const addChapter = staff.page.getByRole('form', { name: 'Add chapter' });
    await addChapter.getByLabel('Chapter name').fill('Gravitation');
    await addChapter.getByLabel('Chapter name').press('Enter');
    const chapter = staff.page.getByRole('region', { name: 'Gravitation' });
    await chapter.waitFor();

    const topic = chapter.getByRole('form', { name: 'Add a topic' });
    await topic.getByLabel('Topic name').fill("Kepler's laws");
    await topic.getByLabel('Video file (mp4 or webm)').setInputFiles(demoFile('media/videos/lesson-a.webm'));
    await topic.getByText('lesson-a.webm is uploaded.').waitFor();
    await topic.getByRole('button', { name: 'Add topic' }).click();
    await chapter.getByRole('list', { name: 'Topics of Gravitation' }).getByText("Kepler's laws").waitFor();

    const material = chapter.getByRole('form', { name: 'Add a study material' });
    await material.getByLabel('Title').fill('Gravitation notes');
    // The PDF's upload is held until the form has been seen waiting for it: "Add material" cannot be pressed meanwhile.
    let releaseUpload!: () => void;
    const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
    await staff.page.route(/\/Media\/upload/, async (route) => {
      await uploadHeld;
      await route.continue();
    });
    await material.getByLabel('PDF file').setInputFiles(demoFile('materials/units-and-measurements-notes.pdf'));
    await material.getByText('Waiting for the PDF to finish uploading.').waitFor();
    expect(await material.getByRole('button', { name: 'Add material' }).isDisabled()).toBe(true);
    releaseUpload();
    await material.getByText('units-and-measurements-notes.pdf is uploaded.').waitFor();
    await staff.page.unroute(/\/Media\/upload/);
    await material.getByRole('button', { name: 'Add material' }).click();
    const materials = chapter.getByRole('list', { name: 'Study materials of Gravitation' });
    await materials.getByText('Gravitation notes').waitFor();
    // Staff see the file's own name, not the stored upload-….pdf.
    await materials.getByText('units-and-measurements-notes.pdf').waitFor();

    // A file that is not what it claims is refused with the server's reason, beside the field.
    await topic.getByLabel('Video file (mp4 or webm)').setInputFiles({
      name: 'lesson.webm',
      mimeType: 'video/webm',
      buffer: Buffer.from('not a video at all, just text'),
    });
    await topic.getByText('This is not an mp4 or webm video (by its content).').waitFor();

    // A quiz, the right answer chosen beside its option.
    await chapter.getByRole('button', { name: 'Write a quiz' }).click();
    const quiz = chapter.getByRole('form', { name: 'New quiz' });
    await quiz.getByLabel('Quiz name').fill('Gravitation quiz');
    await quiz.getByLabel('Question 1 text').fill('What keeps the Moon in orbit?');
    await quiz.getByLabel('Option 1 of question 1').fill('Magnetism');
    await quiz.getByLabel('Option 2 of question 1').fill('Gravity');
    await quiz.getByRole('radio', { name: 'Option 2 is the right answer' }).check();
    await quiz.getByRole('button', { name: 'Save quiz' }).click();
    await chapter.getByRole('list', { name: 'Quizzes of Gravitation' }).getByText('Gravitation quiz').waitFor();

    // A class tomorrow at 09:00 on the institute's clock, in a new batch.
    const schedule = staff.page.getByRole('region', { name: 'Batches and live classes' });
    await schedule.getByLabel('New batch name').fill('Weekend batch');
    await schedule.getByLabel('New batch name').press('Enter');
    const batch = schedule.getByRole('region', { name: 'Weekend batch' });
    const scheduling = batch.getByRole('form', { name: 'Schedule a class' });
    await scheduling.getByLabel('Class name').fill('Gravitation, live');
    await scheduling.getByLabel('Tutor').fill('A. Kumar');
    await scheduling.getByLabel('Date').fill(tomorrowInKolkata());
    await scheduling.getByLabel('Time (Asia/Kolkata)').fill('09:00');
    await scheduling.getByLabel('Meeting link').fill('https://meet.example.com/gravitation');
    await scheduling.getByRole('button', { name: 'Schedule' }).click();
    await batch
      .getByRole('list', { name: 'Classes of Weekend batch' })
      .getByText(/9:00 am/)
      .waitFor();

    expect(await horizontalOverflow(staff.page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(staff.page)).toEqual([]);
    await screenshot(staff.page, 'subject');

    // The subject's picture, from the list of subjects.
    await staff.page.getByRole('link', { name: '← All subjects' }).click();
    await staff.page.getByRole('button', { name: 'Picture of Space Science' }).click();
    await staff.page.getByLabel('New picture for Space Science').setInputFiles(demoFile('media/subjects/physics.webp'));
    await expect
      .poll(() =>
        staff.page
          .getByRole('list', { name: 'Subjects' })
          .getByRole('listitem')
          .filter({ hasText: 'Space Science' })
          .locator('img')
          .getAttribute('src')
          .catch(() => null),
      )
      .toMatch(/^\/media\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(staff.errors).toEqual([]);
    await staff.close();

    // Students are enrolled by the roster: an admin enrols Arjun in the new subject and puts him in its batch.
    const admin = await openPage(browser(), desktop);
    await signInToConsole(admin.page);
    await admin.page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Students', exact: true })
      .click();
    await admin.page.getByRole('link', { name: 'Arjun Sharma' }).click();
    await admin.page.getByRole('form', { name: 'Enrolment' }).getByRole('checkbox', { name: 'Space Science' }).check();
    await admin.page.getByRole('form', { name: 'Enrolment' }).getByRole('checkbox', { name: 'Weekend batch' }).check();
    await admin.page.getByRole('button', { name: 'Save enrolment' }).click();
    await admin.page.getByText('Enrolments saved.').waitFor();
    expect(admin.errors).toEqual([]);
    await admin.close();

    const student = await openPage(browser(), desktop);
    await signIn(student.page);
    await student.page
      .getByRole('link', { name: /My Subjects/ })
      .first()
      .click();
    await student.page.getByRole('link', { name: 'Space Science' }).click();
    await student.page.getByRole('link', { name: 'Gravitation' }).click();
    await student.page.getByRole('button', { name: /Kepler's laws/ }).click();
    await expect.poll(() => playingTime(student.page), { timeout: 15_000 }).toBeGreaterThan(1);
    // A pause reports how far the student got at once.
    const reported = student.page.waitForResponse(
      (response) => response.url().endsWith('/Student/watched') && response.ok(),
    );
    await student.page.evaluate(() => document.querySelector('video')?.pause());
    await reported;

    await student.page.goto('/');
    await student.page
      .getByRole('link', { name: /Study Materials/ })
      .first()
      .click();
    await student.page.getByRole('link', { name: 'Space Science' }).click();
    await student.page.getByRole('link', { name: 'Gravitation' }).click();
    await student.page.getByRole('button', { name: /Gravitation notes/ }).click();
    await student.page.locator('.pdfViewer .page canvas').first().waitFor({ state: 'attached' });

    await student.page.goto('/');
    await student.page
      .getByRole('link', { name: /Live Class/ })
      .first()
      .click();
    await student.page
      .getByRole('list', { name: 'Subjects' })
      .getByRole('link', { name: /Space Science/ })
      .click();
    await student.page.getByRole('link', { name: /Weekend batch/ }).click();
    const card = student.page.getByRole('list', { name: 'Live classes' }).getByRole('article').first();
    expect(await card.locator('h3').textContent()).toBe('Gravitation, live by A. Kumar');
    expect(await card.textContent()).toContain('9:00 am');

    await student.page.goto('/');
    await student.page.getByRole('link', { name: /Quiz/ }).first().click();
    await student.page.getByRole('link', { name: 'Space Science' }).click();
    await student.page.getByRole('link', { name: /^Gravitation/ }).click();
    await student.page.getByRole('link', { name: /Gravitation quiz/ }).click();
    await student.page
      .getByRole('group', { name: /^1\. What keeps the Moon in orbit\?/ })
      .getByRole('radio', { name: 'Gravity', exact: true })
      .check();
    await student.page.getByRole('button', { name: 'Submit' }).click();
    await student.page.getByText('Score: 1/1').waitFor();
    expect(student.errors).toEqual([]);
    await student.close();

    // The teacher sees the student's progress and attempt.
    const insights = await openPage(browser(), desktop);
    await signInToConsole(insights.page, DEMO_TEACHER_MOBILE);
    await insights.page.goto('/console/insights');
    await insights.page.getByLabel('Find a student by name or number').fill('Arjun');
    await insights.page.getByRole('button', { name: 'Arjun Sharma' }).click();
    // Visible: each table is also drawn as cards for a phone, hidden on a wider screen (decision 060).
    await insights.page
      .getByRole('region', { name: 'What Arjun Sharma watched' })
      .getByText("Kepler's laws")
      .filter({ visible: true })
      .waitFor();
    await insights.page
      .getByRole('region', { name: 'Quizzes Arjun Sharma took' })
      .getByText('Gravitation quiz')
      .filter({ visible: true })
      .waitFor();
    expect(insights.errors).toEqual([]);
    await insights.close();
  });
});
