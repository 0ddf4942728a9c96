import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { desktop, openPage, phone, signIn } from './support/browser.ts';
import { horizontalOverflow, screenshots, seriousViolations, useBrowser } from './support/checks.ts';
import { DEMO_TEACHER_MOBILE, signInToConsole } from './support/console.ts';

const browser = useBrowser();
const screenshot = screenshots('course-authoring-');

const demoFile = (path: string) => fileURLToPath(new URL(`../apps/server/${path}`, import.meta.url));

const playingTime = (page: Page) => page.evaluate(() => document.querySelector('video')?.currentTime ?? -1);

describe('a course from the console to the students', () => {
  it('a teacher on a phone adds a chapter, a topic with an uploaded video and a PDF; the enrolled student plays it and reads it', async () => {
    const staff = await openPage(browser(), phone);
    await signInToConsole(staff.page, DEMO_TEACHER_MOBILE);
    await staff.page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Courses' }).click();
    await staff.page.getByRole('list', { name: 'Subjects' }).getByRole('link', { name: 'Physics' }).click();
    const addChapter = staff.page.getByRole('form', { name: 'Chapter name' });
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
    await material.getByLabel('PDF file').setInputFiles(demoFile('materials/units-and-measurements-notes.pdf'));
    await material.getByText('units-and-measurements-notes.pdf is uploaded.').waitFor();
    await material.getByRole('button', { name: 'Add material' }).click();
    await chapter.getByRole('list', { name: 'Study materials of Gravitation' }).getByText('Gravitation notes').waitFor();

    // A file that is not what it claims is refused with the server's reason, beside the field.
    await topic.getByLabel('Video file (mp4 or webm)').setInputFiles({ name: 'lesson.webm', mimeType: 'video/webm', buffer: Buffer.from('not a video at all, just text') });
    await topic.getByText('This is not an mp4 or webm video (by its content).').waitFor();

    expect(await horizontalOverflow(staff.page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(staff.page)).toEqual([]);
    await screenshot(staff.page, 'subject');
    expect(staff.errors).toEqual([]);
    await staff.close();

    const student = await openPage(browser(), desktop);
    await signIn(student.page);
    await student.page.getByRole('link', { name: /My Class/ }).first().click();
    await student.page.getByRole('link', { name: 'Physics' }).click();
    await student.page.getByRole('link', { name: 'Gravitation' }).click();
    await student.page.getByRole('button', { name: /Kepler's laws/ }).click();
    await expect.poll(() => playingTime(student.page), { timeout: 15_000 }).toBeGreaterThan(1);

    await student.page.goto('/');
    await student.page.getByRole('link', { name: /Study Materials/ }).first().click();
    await student.page.getByRole('link', { name: 'Physics' }).click();
    await student.page.getByRole('link', { name: 'Gravitation' }).click();
    await student.page.getByRole('button', { name: /Gravitation notes/ }).click();
    await student.page.locator('.pdfViewer .page canvas').first().waitFor({ state: 'attached' });
    expect(student.errors).toEqual([]);
    await student.close();
  });
});
