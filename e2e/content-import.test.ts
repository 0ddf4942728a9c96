import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { openPage, phone } from './support/browser.ts';
import { horizontalOverflow, screenshots, seriousViolations, useBrowser } from './support/checks.ts';
import { DEMO_TEACHER_MOBILE, signInToConsole } from './support/console.ts';

const browser = useBrowser();
const screenshot = screenshots('content-import-');

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const yaml = (answer: number) => `subjects:
  - name: Astronomy
    thumbnail: pictures/astronomy.png
    chapters:
      - name: The Solar System
        topics:
          - name: Planets
            video: https://www.youtube.com/watch?v=LXb3EKWsInQ
        quizzes:
          - name: Planets quiz
            pass_marks: 1
            questions:
              - question: Which planet is largest?
                options: [Earth, Jupiter, Mars]
                answer: ${answer}
`;
// A fixed time in the zip's entries, so the same pack is the same bytes whenever it is made.
const zip = (answer: number) =>
  Buffer.from(
    zipSync(
      { 'course/content.yaml': new TextEncoder().encode(yaml(answer)), 'course/pictures/astronomy.png': png },
      { mtime: new Date('2026-01-01T00:00:00') },
    ),
  );

describe('the console: importing a course', () => {
  it('lets a teacher on a phone upload a zipped pack, see its problem by place, fix it, and commit it by keyboard', async () => {
    const { page, errors, close } = await openPage(browser(), phone);
    await signInToConsole(page, DEMO_TEACHER_MOBILE);
    await page.goto('/console/content/import');
    const input = page.getByLabel('Zip file');
    await input.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const sent = page.waitForRequest((request) => request.url().endsWith('/Content/import_preview'));
    await input.setInputFiles({ name: 'course.zip', mimeType: 'application/zip', buffer: zip(5) });
    // The zip's bytes as they are, not base64 inside JSON (which held the server's thread for seconds, issue 32).
    const preview = await sent;
    expect(await preview.headerValue('content-type')).toBe('application/zip');
    expect(preview.postDataBuffer()?.equals(zip(5))).toBe(true);
    await page.getByRole('heading', { name: '1 problem: nothing can be stored' }).waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: 'answer 5 but only 3 options' }).textContent()).toBe(
      'subjects[0].chapters[0].quizzes[0].questions[0]: answer 5 but only 3 options',
    );
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'problems');

    await input.setInputFiles({ name: 'not-a-zip.zip', mimeType: 'application/zip', buffer: Buffer.from('%PDF-1.4') });
    await page.getByRole('alert').filter({ hasText: 'not-a-zip.zip is not a zip file.' }).waitFor();

    await input.setInputFiles({ name: 'course.zip', mimeType: 'application/zip', buffer: zip(2) });
    await page.getByRole('heading', { name: 'The pack is ready to import' }).waitFor();
    const commit = page.getByRole('button', { name: 'Commit the pack' });
    await commit.focus();
    const committed = page.waitForRequest((request) => request.url().endsWith('/Content/import_commit'));
    await page.keyboard.press('Enter');
    // The commit sends the very bytes the preview checked.
    expect((await committed).postDataBuffer()?.equals(zip(2))).toBe(true);
    await page.getByText('Imported: 5 new, 0 updated, 0 unchanged.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'done');

    // The same pack again changes nothing.
    await input.setInputFiles({ name: 'course.zip', mimeType: 'application/zip', buffer: zip(2) });
    await page.getByText('Nothing to change: the course already matches this pack.').waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
