import type { AuthoredChapter, AuthoredSubject } from '@portal/contract/console';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ConsoleHandlers, openConsole } from '../../../../test/console-fixtures.tsx';
import { type ApiCall, ok, refused } from '../../../../test/mock-api.ts';

/** No template is chosen for class reminders: the notification in the app only. */
const reminders = { minutes: 30, sms_template: null };

const physics: AuthoredSubject = {
  id: 1,
  name: 'Physics',
  thumbnail: '',
  thumbnail_name: null,
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
      video_name: null,
      duration_seconds: 754,
      watched_by: 3,
      encoding: null,
    },
    {
      id: 101,
      name: 'Escape velocity',
      video_link: 'https://vimeo.com/42',
      video_name: null,
      duration_seconds: null,
      watched_by: 0,
      encoding: null,
    },
  ],
  materials: [
    { id: 200, title: 'Formula sheet', file_name: 'upload-abc.pdf', original_name: null, password_protected: true },
  ],
};

function renderCourse(path: string, handlers: ConsoleHandlers) {
  return openConsole(path, {
    api: {
      '/Schedule/list': () => ok({ time_zone: 'Asia/Kolkata', batches: [], reminders }),
      '/Quiz/list': () => ok({ quizzes: [] }),
      ...handlers,
    },
  });
}
const sent = (calls: ApiCall[], path: string) =>
  calls.filter((call) => call.path.endsWith(path)).map((call) => call.body);
const subjectAnswer = () => ok({ subject: physics, chapters: [chapter] });

describe('authoring courses in the console', { timeout: 20_000 }, () => {
  it('lists the subjects with their chapters and students, and opens one', async () => {
    const { user } = renderCourse('/console/course', {
      '/Course/subjects': () => ok({ subjects: [physics] }),
      '/Course/subject': subjectAnswer,
    });
    const list = await screen.findByRole('list', { name: 'Subjects' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Physics1 chapter · 12 students');
    await user.click(within(list).getByRole('link', { name: 'Physics' }));
    expect(await screen.findByRole('heading', { name: 'Gravitation' })).toBeInTheDocument();
    expect(window.location.search).toBe('?subject=1');
    const topics = screen.getByRole('list', { name: 'Topics of Gravitation' });
    expect(
      within(topics)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringContaining("Kepler's lawsUploaded video · 12:34 · watched by 3"),
      expect.stringContaining('Escape velocityhttps://vimeo.com/42 · watched by 0'),
    ]);
    expect(screen.getByRole('list', { name: 'Study materials of Gravitation' })).toHaveTextContent(
      'Formula sheetupload-abc.pdfPassword protected',
    );
  });

  it('keeps the chapters of a longer subject closed, each with its counts, and opens one from its heading', async () => {
    const second: AuthoredChapter = { id: 11, name: 'Oscillations', quizzes: 2, topics: [], materials: [] };
    const { user } = renderCourse('/console/course?subject=1', {
      '/Course/subject': () => ok({ subject: physics, chapters: [chapter, second] }),
    });
    const toggle = await screen.findByRole('button', { name: 'Gravitation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('region', { name: 'Gravitation' })).toHaveTextContent('2 topics · 1 study material');
    expect(screen.getByRole('region', { name: 'Oscillations' })).toHaveTextContent(
      '0 topics · 0 study materials · 2 quizzes',
    );
    expect(screen.queryByRole('list', { name: 'Topics of Gravitation' })).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('list', { name: 'Topics of Gravitation' })).toBeInTheDocument();
  });

  it('adds a topic by its link, and shows a refused address beside the video field', async () => {
    let refuse = true;
    const { calls, user } = renderCourse('/console/course?subject=1', {
      '/Course/subject': subjectAnswer,
      '/Topic/save': () =>
        refuse
          ? refused(400, 'video_link: https://example.com/v must be a YouTube, Vimeo or .m3u8 (HLS) address')
          : ok({ ...chapter.topics[1]!, id: 102, name: 'Orbits' }, 'Orbits is saved.'),
    });
    const form = await screen.findByRole('form', { name: 'Add a topic' });
    await user.type(within(form).getByLabelText('Topic name'), 'Orbits');
    await user.click(within(form).getByLabelText('A YouTube, Vimeo or .m3u8 link'));
    await user.type(within(form).getByLabelText('Video address'), 'https://example.com/v');
    await user.click(within(form).getByRole('button', { name: 'Add topic' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('must be a YouTube, Vimeo or .m3u8 (HLS) address');
    refuse = false;
    await user.clear(within(form).getByLabelText('Video address'));
    await user.type(within(form).getByLabelText('Video address'), 'https://youtu.be/abc');
    await user.click(within(form).getByRole('button', { name: 'Add topic' }));
    expect(await screen.findByText('Orbits is saved.')).toBeInTheDocument();
    expect(sent(calls, '/Topic/save')).toEqual([
      { chapter_id: 10, name: 'Orbits', video_link: 'https://example.com/v' },
      { chapter_id: 10, name: 'Orbits', video_link: 'https://youtu.be/abc' },
    ]);
  });

  it('says a topic needs its video before it asks the server', async () => {
    const { calls, user } = renderCourse('/console/course?subject=1', { '/Course/subject': subjectAnswer });
    const form = await screen.findByRole('form', { name: 'Add a topic' });
    await user.type(within(form).getByLabelText('Topic name'), 'Orbits');
    await user.click(within(form).getByRole('button', { name: 'Add topic' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose the video file first.');
    expect(sent(calls, '/Topic/save')).toEqual([]);
  });

  it('asks before hiding a topic students watched, with how many, and sends the confirmation', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { calls, user } = renderCourse('/console/course?subject=1', {
      '/Course/subject': subjectAnswer,
      '/Topic/delete': (call) =>
        (call.body as { confirm?: boolean }).confirm
          ? ok(null, "Kepler's laws is deleted; students' watch history of it is kept.")
          : refused(
              409,
              "3 students have watched Kepler's laws. Deleting it hides it from students and keeps their watch history; send confirm: true to go ahead.",
            ),
    });
    await user.click(await screen.findByRole('button', { name: "Delete Kepler's laws" }));
    expect(
      await screen.findByText("Kepler's laws is deleted; students' watch history of it is kept."),
    ).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledWith(
      "3 students have watched Kepler's laws. Deleting it hides it from students and keeps their watch history. Delete it?",
    );
    expect(sent(calls, '/Topic/delete')).toEqual([{ id: 100 }, { id: 100, confirm: true }]);
  });

  it('moves a topic by keyboard and shows the server refusing to delete a chapter that holds items', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { calls, user } = renderCourse('/console/course?subject=1', {
      '/Course/subject': subjectAnswer,
      '/Course/move': () => ok(null, 'Moved.'),
      '/Chapter/delete': () =>
        refused(409, 'Gravitation still holds 2 topics, 1 study material. Delete or keep the chapter as it is.'),
    });
    (await screen.findByRole('button', { name: 'Move Escape velocity up' })).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Moved.')).toBeInTheDocument();
    expect(sent(calls, '/Course/move')).toEqual([{ kind: 'topic', id: 101, direction: 'up' }]);
    await user.click(screen.getByRole('button', { name: 'Delete Gravitation' }));
    expect(await screen.findByText(/Gravitation still holds 2 topics/)).toBeInTheDocument();
  });

  it('says when a class reminder goes without an SMS, and where a template is chosen for it', async () => {
    renderCourse('/console/course?subject=1', { '/Course/subject': subjectAnswer });
    expect(await screen.findByText(/No SMS is sent: no/)).toHaveTextContent(
      'Each class reminds its batch 30 minutes before it starts by a notification in the app, to students who turned reminders on. No SMS is sent: no message template is chosen for class reminders',
    );
    expect(screen.getByRole('link', { name: 'message template' })).toHaveAttribute(
      'href',
      '/console/messages/templates',
    );
  });

  it("schedules a weekly class at 9:00 institute time in a batch, and lists the batch's classes", async () => {
    const live = {
      id: 7,
      class_name: 'Vectors, live',
      tutor_name: 'A. Kumar',
      online_url: 'https://meet.example.com/abc',
      starts_at: '2026-12-01T03:30:00Z',
      starts_local: '2026-12-01T09:00',
      duration_minutes: 60,
    };
    const { calls, user } = renderCourse('/console/course?subject=1', {
      '/Course/subject': subjectAnswer,
      '/Schedule/list': () =>
        ok({
          time_zone: 'Asia/Kolkata',
          batches: [{ id: 3, name: 'Morning batch', classes: [live] }],
          reminders: { minutes: 30, sms_template: 'Class reminder' },
        }),
      '/LiveClass/add': () => ok({ added: [live] }, 'Vectors, live is scheduled 4 times, weekly.'),
    });
    const batch = await screen.findByRole('region', { name: 'Morning batch' });
    expect(
      screen.getByText(
        /Each class reminds its batch 30 minutes before it starts: by SMS with the template “Class reminder”/,
      ),
    ).toBeInTheDocument();
    expect(within(batch).getByRole('list', { name: 'Classes of Morning batch' })).toHaveTextContent(
      'Vectors, liveTue, 1 Dec, 9:00 am · 60 min · A. Kumar',
    );
    const form = within(batch).getByRole('form', { name: 'Schedule a class' });
    await user.type(within(form).getByLabelText('Class name'), 'Vectors, live');
    await user.type(within(form).getByLabelText('Tutor'), 'A. Kumar');
    await user.type(within(form).getByLabelText('Date'), '2026-12-01');
    await user.type(within(form).getByLabelText('Time (Asia/Kolkata)'), '09:00');
    await user.clear(within(form).getByLabelText('Repeat weekly for more weeks'));
    await user.type(within(form).getByLabelText('Repeat weekly for more weeks'), '3');
    await user.type(within(form).getByLabelText('Meeting link'), 'https://meet.example.com/abc');
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Vectors, live is scheduled 4 times, weekly.')).toBeInTheDocument();
    expect(sent(calls, '/LiveClass/add')).toEqual([
      {
        batch_id: 3,
        class_name: 'Vectors, live',
        tutor_name: 'A. Kumar',
        online_url: 'https://meet.example.com/abc',
        starts_at: '2026-12-01T09:00',
        duration_minutes: 60,
        repeat_weeks: 3,
      },
    ]);
  });

  it('writes a quiz with the right answer chosen by its place, previews it as a student sees it, and shows a refusal by question number', async () => {
    let refuse = true;
    const saved = {
      id: 9,
      chapter_id: 10,
      name: 'Units quiz',
      pass_marks: 1,
      allow_retake: true,
      attempts: 0,
      questions: [{ id: 90, question: 'The SI unit of force?', options: ['joule', 'newton'], answer: 2, marks: 1 }],
    };
    const { calls, user } = renderCourse('/console/course?subject=1', {
      '/Course/subject': subjectAnswer,
      '/Quiz/save': () =>
        refuse
          ? refused(400, 'questions.0.options: two options read the same; students could not tell them apart')
          : ok(saved, 'Units quiz is saved.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Write a quiz' }));
    const form = screen.getByRole('form', { name: 'New quiz' });
    await user.type(within(form).getByLabelText('Quiz name'), 'Units quiz');
    await user.type(within(form).getByLabelText('Question 1 text'), 'The SI unit of force?');
    await user.type(within(form).getByLabelText('Option 1 of question 1'), 'joule');
    await user.type(within(form).getByLabelText('Option 2 of question 1'), 'newton');
    await user.click(within(form).getByRole('button', { name: 'Save quiz' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Question 1: choose its right answer.');
    expect(sent(calls, '/Quiz/save')).toEqual([]);

    await user.click(within(form).getByRole('radio', { name: 'Option 2 is the right answer' }));
    await user.click(within(form).getByRole('button', { name: 'Preview as a student' }));
    const preview = within(form).getByRole('region', { name: 'How students will see it' });
    expect(within(preview).getByRole('group', { name: /1\. The SI unit of force\?/ })).toBeInTheDocument();
    expect(
      within(preview)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).value),
    ).toEqual(['joule', 'newton']);

    await user.click(within(form).getByRole('button', { name: 'Save quiz' }));
    expect(
      await within(form).findByText('Question 1: two options read the same; students could not tell them apart'),
    ).toBeInTheDocument();
    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Save quiz' }));
    expect(await screen.findByText('Units quiz is saved.')).toBeInTheDocument();
    expect(sent(calls, '/Quiz/save').at(-1)).toEqual({
      chapter_id: 10,
      name: 'Units quiz',
      pass_marks: 1,
      allow_retake: true,
      questions: [{ question: 'The SI unit of force?', options: ['joule', 'newton'], answer: 2, marks: 1 }],
    });
  });

  it('says when there are no subjects yet, and shows a failed load with a retry', async () => {
    let fail = true;
    const { user } = renderCourse('/console/course', {
      '/Course/subjects': () => (fail ? refused(500, 'The database is not answering.') : ok({ subjects: [] })),
    });
    expect(await screen.findByText('The database is not answering.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No subjects yet. Add the first one below.')).toBeInTheDocument();
  });
});
