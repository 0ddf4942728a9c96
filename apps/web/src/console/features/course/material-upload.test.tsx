import type { AuthoredChapter, AuthoredSubject } from '@portal/contract/console';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeRequest, fakeRequests } from '../../../../test/fake-request.ts';
import { openConsole } from '../../../../test/console-fixtures.tsx';
import { ok } from '../../../../test/mock-api.ts';

fakeRequests();

/** No template is chosen for class reminders: the notification in the app only. */
const reminders = { minutes: 30, sms_template: null };

const physics: AuthoredSubject = {
  id: 1,
  name: 'Physics',
  thumbnail: '/media/uploads/0123456789abcdef0123456789abcdef.png',
  thumbnail_name: 'physics cover.png',
  chapters: 1,
  students: 12,
};
const chapter: AuthoredChapter = {
  id: 10,
  name: 'Gravitation',
  quizzes: 0,
  topics: [
    {
      id: 100,
      name: "Kepler's laws",
      video_link: '/media/uploads/0123456789abcdef0123456789abcdef.webm',
      video_name: 'Kepler lecture 1.webm',
      duration_seconds: 754,
      watched_by: 3,
      encoding: null,
    },
  ],
  materials: [
    {
      id: 200,
      title: 'Formula sheet',
      file_name: 'upload-db78aa.pdf',
      original_name: 'Formula sheet – गुरुत्वाकर्षण.pdf',
      password_protected: false,
    },
    { id: 201, title: 'Old notes', file_name: 'upload-0c1d.pdf', original_name: null, password_protected: false },
  ],
};

function renderCourse(path: string) {
  return openConsole(path, {
    api: {
      '/Schedule/list': () => ok({ time_zone: 'Asia/Kolkata', batches: [], reminders }),
      '/Quiz/list': () => ok({ quizzes: [] }),
      '/Course/subjects': () => ok({ subjects: [physics] }),
      '/Course/subject': () => ok({ subject: physics, chapters: [chapter] }),
      '/Material/save': () =>
        ok(
          {
            id: 202,
            title: 'Chapter 3',
            file_name: 'upload-feed.pdf',
            original_name: 'Chapter 3 notes.pdf',
            password_protected: false,
          },
          'Chapter 3 is added.',
        ),
    },
  });
}

describe('uploading a study material', { timeout: 40_000 }, () => {
  it('keeps "Add material" disabled, saying why, while the PDF uploads, then adds it with the stored file', async () => {
    const { calls, user } = renderCourse('/console/course?subject=1');
    const form = await screen.findByRole('form', { name: 'Add a study material' });
    await user.type(within(form).getByLabelText('Title'), 'Chapter 3');
    const pdf = new File(['%PDF-1.4 …'], 'Chapter 3 notes.pdf', { type: 'application/pdf' });
    fireEvent.change(within(form).getByLabelText('PDF file'), { target: { files: [pdf] } });

    const add = within(form).getByRole('button', { name: 'Add material' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Waiting for the PDF to finish uploading.');
    const [request] = FakeRequest.sent;
    expect(new URL(request!.url, 'http://localhost').searchParams.get('name')).toBe('Chapter 3 notes.pdf');
    act(() => request!.progress(4, 10));
    expect(await within(form).findByText('Uploading Chapter 3 notes.pdf: 40%')).toBeInTheDocument();
    expect(add).toBeDisabled();

    act(() =>
      request!.answer(200, {
        status: true,
        message: 'Uploaded.',
        data: {
          kind: 'pdf',
          address: 'upload-feed.pdf',
          bytes: 10,
          password_protected: false,
          original_name: 'Chapter 3 notes.pdf',
        },
      }),
    );
    expect(await within(form).findByText('Chapter 3 notes.pdf is uploaded.')).toBeInTheDocument();
    expect(add).toBeEnabled();
    expect(add).not.toHaveAccessibleDescription();
    await user.click(add);
    expect(await screen.findByText('Chapter 3 is added.')).toBeInTheDocument();
    expect(within(form).queryByText('Choose the PDF first.')).toBeNull();
    expect(calls.filter((call) => call.path.endsWith('/Material/save')).map((call) => call.body)).toEqual([
      { chapter_id: 10, title: 'Chapter 3', file_name: 'upload-feed.pdf' },
    ]);
  });

  it("shows the files' own names in the lists, and the stored name only when none was kept", async () => {
    renderCourse('/console/course?subject=1');
    const materials = await screen.findByRole('list', { name: 'Study materials of Gravitation' });
    expect(
      within(materials)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringContaining('Formula sheetFormula sheet – गुरुत्वाकर्षण.pdf'),
      expect.stringContaining('Old notesupload-0c1d.pdf'),
    ]);
    expect(screen.getByRole('list', { name: 'Topics of Gravitation' })).toHaveTextContent(
      "Kepler's lawsKepler lecture 1.webm · 12:34 · watched by 3",
    );
  });

  it("shows a subject picture's own name in the subjects list", async () => {
    renderCourse('/console/course');
    const list = await screen.findByRole('list', { name: 'Subjects' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Picture: physics cover.png');
  });
});
