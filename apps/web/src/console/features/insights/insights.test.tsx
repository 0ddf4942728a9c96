import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ConsoleHandlers, openConsole } from '../../../../test/console-fixtures.tsx';
import { type Answer, ok, refused } from '../../../../test/mock-api.ts';

const catalogue = {
  subjects: [
    {
      id: 3,
      name: 'Physics',
      chapters: [{ id: 11, name: 'Units', quizzes: [{ id: 5, name: 'Units quiz' }] }],
      batches: [{ id: 8, name: 'Morning' }],
    },
    { id: 4, name: 'Chemistry', chapters: [], batches: [] },
  ],
};

function renderInsights(handlers: ConsoleHandlers) {
  return openConsole('/console/insights', { api: { '/Insights/catalogue': () => ok(catalogue), ...handlers } });
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('insights', { timeout: 20_000 }, () => {
  it("shows a subject's topics with how many enrolled students watched them, and downloads them as CSV", async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls, user } = renderInsights({
      '/Insights/subject': () =>
        ok({
          enrolled: 40,
          topics: [
            { topic_id: 21, chapter: 'Units', topic: 'Intro', watched: 30, finished: 10 },
            { topic_id: 22, chapter: 'Units', topic: 'Errors', watched: 0, finished: 0 },
          ],
        }),
    });
    await user.selectOptions(await screen.findByLabelText('Subject'), 'Physics');
    const table = await screen.findByRole('table', { name: 'Topics of Physics' });
    expect(rowsOf(table)).toEqual(['UnitsIntro30 of 40 (75%)10 of 40 (25%)', 'UnitsErrors0 of 40 (0%)0 of 40 (0%)']);
    expect(screen.getByText('40 students are enrolled.')).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/Insights/subject'))?.body).toEqual({ subject_id: 3 });
    const section = screen.getByRole('region', { name: 'Who watched what in Physics' });
    await user.click(within(section).getByRole('button', { name: 'Download CSV' }));
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(created.mock.calls[0]![0] as Blob);
    });
    expect(csv.replace(/^\uFEFF/, '')).toBe(
      'Chapter,Topic,Watched,Watched to the end,Enrolled\r\nUnits,Intro,30,10,40\r\nUnits,Errors,0,0,40\r\n',
    );
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it("offers the chosen subject's quizzes and shows one's results, the most often wrong question first", async () => {
    const { user } = renderInsights({
      '/Insights/subject': () => ok({ enrolled: 2, topics: [] }),
      '/Insights/quiz-students': () => ok({ total: 0, students: [] }),
      '/Insights/quiz': () =>
        ok({
          attempts: 4,
          students: 2,
          passed: 1,
          average_percent: 62.5,
          pass_percent: 50,
          questions: [
            { question_id: 9, question: 'Hard one', answered: 4, wrong: 3 },
            { question_id: 8, question: 'Easy one', answered: 4, wrong: 0 },
          ],
        }),
    });
    expect(await screen.findByLabelText('Quiz')).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Subject'), 'Physics');
    expect(await screen.findByText('This subject has no topics yet.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Quiz'), 'Units · Units quiz');
    const results = await screen.findByRole('region', { name: 'Results of Units quiz' });
    expect(await within(results).findByText('62.5%')).toBeInTheDocument();
    // Counted in students: two students made the four attempts, one passed.
    expect(within(results).getByText('2 (4 attempts)')).toBeInTheDocument();
    expect(within(results).getByText('1 (50%)')).toBeInTheDocument();
    expect(rowsOf(within(results).getByRole('table'))).toEqual(['Hard one3 of 4 (75%)', 'Easy one0 of 4 (0%)']);
  });

  it('lists by name who has not watched a topic, links each name to their progress, filters by batch, and downloads the list', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls, user } = renderInsights({
      '/Insights/subject': () =>
        ok({ enrolled: 3, topics: [{ topic_id: 21, chapter: 'Units', topic: 'Intro', watched: 1, finished: 1 }] }),
      '/Insights/topic-students': (call) =>
        ok(
          (call.body as { batch_id?: number }).batch_id
            ? { total: 0, students: [] }
            : {
                total: 2,
                students: [
                  {
                    stud_id: 7,
                    name: 'Arjun Sharma',
                    mobile: '+919876543210',
                    last_activity: '2026-11-24T04:30:00Z',
                    position_seconds: null,
                    duration_seconds: null,
                  },
                  {
                    stud_id: 9,
                    name: 'Meera Iyer',
                    mobile: '+919876543211',
                    last_activity: null,
                    position_seconds: null,
                    duration_seconds: null,
                  },
                ],
              },
        ),
    });
    await user.selectOptions(await screen.findByLabelText('Subject'), 'Physics');
    const topics = await screen.findByRole('table', { name: 'Topics of Physics' });
    await user.click(within(topics).getByRole('button', { name: 'Intro' }));
    const section = await screen.findByRole('region', { name: 'Who has not watched Intro' });
    const table = await within(section).findByRole('table', { name: 'Not watched: Intro' });
    expect(rowsOf(table)).toEqual(['Arjun Sharma+91987654321024 Nov 2026, 10:00 am', 'Meera Iyer+919876543211Never']);
    expect(within(table).getByRole('link', { name: 'Meera Iyer' })).toHaveAttribute(
      'href',
      '/console/insights?student=9',
    );
    expect(calls.find((call) => call.path.endsWith('/Insights/topic-students'))?.body).toEqual({
      topic_id: 21,
      list: 'not_watched',
    });
    await user.selectOptions(within(section).getByLabelText('Sort by'), 'Last activity, longest ago first');
    expect(rowsOf(table)[0]).toContain('Meera Iyer');
    // The students shown, for the compose page, which says where they came from.
    expect(within(section).getByRole('link', { name: 'Message these students' })).toHaveAttribute(
      'href',
      '/console/messages/new?students=9%2C7&source=Not+watched%3A+Intro',
    );
    await user.click(within(section).getByRole('button', { name: 'Download CSV' }));
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(created.mock.calls[0]![0] as Blob);
    });
    expect(csv.replace(/^\uFEFF/, '')).toBe(
      "Name,Mobile,Last activity\r\nMeera Iyer,'+919876543211,\r\nArjun Sharma,'+919876543210,2026-11-24T04:30:00Z\r\n",
    );
    await user.type(within(section).getByLabelText('Filter by name or number'), 'arj');
    expect(rowsOf(table)).toEqual(['Arjun Sharma+91987654321024 Nov 2026, 10:00 am']);
    await user.selectOptions(within(section).getByLabelText('Batch'), 'Morning');
    expect(await within(section).findByText('Everyone in this batch has watched it.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path.endsWith('/Insights/topic-students')).at(-1)?.body).toEqual({
      topic_id: 21,
      list: 'not_watched',
      batch_id: 8,
    });
  });

  it("lists who failed a quiz by their best attempt, and a name opens that student's progress", async () => {
    const { user } = renderInsights({
      '/Insights/subject': () => ok({ enrolled: 2, topics: [] }),
      '/Insights/quiz': () =>
        ok({ attempts: 0, students: 0, passed: 0, average_percent: 0, pass_percent: 0, questions: [] }),
      '/Insights/quiz-students': (call) =>
        ok(
          (call.body as { list: string }).list === 'failed'
            ? {
                total: 1,
                students: [
                  {
                    stud_id: 7,
                    name: 'Arjun Sharma',
                    mobile: '+919876543210',
                    last_activity: '2026-11-24T04:30:00Z',
                    best_marks: 1,
                    max_marks: 4,
                    attempts: 2,
                    latest_attempt: '2026-11-24T04:30:00Z',
                  },
                ],
              }
            : { total: 0, students: [] },
        ),
      '/Insights/student': () => ok({ name: 'Arjun Sharma', watched: [], attempts: [] }),
    });
    await user.selectOptions(await screen.findByLabelText('Subject'), 'Physics');
    await user.selectOptions(screen.getByLabelText('Quiz'), 'Units · Units quiz');
    const section = await screen.findByRole('region', { name: 'Who to follow up on Units quiz' });
    expect(await within(section).findByText('Everyone in this batch has attempted it.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Failed' }));
    const table = await within(section).findByRole('table', { name: 'Failed: Units quiz' });
    expect(rowsOf(table)).toEqual(['Arjun Sharma+91987654321024 Nov 2026, 10:00 am1/4224 Nov 2026, 10:00 am']);
    await user.click(within(table).getByRole('link', { name: 'Arjun Sharma' }));
    expect(await screen.findByText('Nothing watched yet.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'What Arjun Sharma watched' })).toBeInTheDocument();
  });

  it('finds a student and shows what they watched and the quizzes they took', async () => {
    const { user } = renderInsights({
      '/Students/list': () =>
        ok({
          students: [
            {
              stud_id: 7,
              name: 'Arjun Sharma',
              mobile: '+919876543210',
              active: true,
              academic_level: 'Class 12',
              subject_ids: [],
              batch_ids: [],
            },
          ],
          next: null,
        }),
      '/Insights/student': () =>
        ok({
          name: 'Arjun Sharma',
          watched: [
            {
              subject: 'Physics',
              chapter: 'Units',
              topic: 'Intro',
              position_seconds: 30,
              duration_seconds: 60,
              watched_at: '2026-11-24T04:30:00Z',
            },
          ],
          attempts: [],
        }),
    });
    await user.type(await screen.findByLabelText('Find a student by name or number'), 'arj');
    await user.click(await screen.findByRole('button', { name: 'Arjun Sharma' }));
    const watched = await screen.findByRole('table', { name: 'Topics Arjun Sharma watched' });
    expect(rowsOf(watched)).toEqual(['Physics · Units · Intro30 of 60 (50%)24 Nov 2026, 10:00 am']);
    expect(screen.getByText('No quiz taken yet.')).toBeInTheDocument();
  });

  it('lists who has not watched every topic of the subject or a chapter, with how many they finished, sorted by progress, to message and download', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const student = (stud_id: number, name: string, finished: number, last_activity: string | null) => ({
      stud_id,
      name,
      mobile: `+9198765432${stud_id}`,
      last_activity,
      finished,
      started: finished + 1,
      attempted: null,
      passed: null,
    });
    let answer: (value: Answer) => void = () => undefined;
    const { calls, user } = renderInsights({
      '/Insights/subject': () => ok({ enrolled: 3, topics: [] }),
      '/Insights/subject-students': () => new Promise<Answer>((resolve) => (answer = resolve)),
      '/Insights/chapter-students': (call) =>
        ok(
          (call.body as { list: string }).list === 'not_attempted_all'
            ? {
                total: 1,
                out_of: 1,
                students: [
                  { ...student(12, 'Meera Iyer', 0, null), finished: null, started: null, attempted: 0, passed: 0 },
                ],
              }
            : {
                total: 2,
                out_of: 3,
                students: [student(10, 'Arjun Sharma', 2, '2026-11-24T04:30:00Z'), student(12, 'Meera Iyer', 0, null)],
              },
        ),
    });
    await user.selectOptions(await screen.findByLabelText('Subject'), 'Physics');
    const section = await screen.findByRole('region', { name: 'Who is behind in Physics' });
    expect(await within(section).findByRole('status')).toHaveTextContent(/Loading/);
    expect(calls.find((call) => call.path.endsWith('/Insights/subject-students'))?.body).toEqual({
      subject_id: 3,
      list: 'not_watched_all',
    });
    answer(ok({ total: 0, out_of: 4, students: [] }));
    expect(
      await within(section).findByText('Everyone has watched every topic of Physics to the end.'),
    ).toBeInTheDocument();
    await user.selectOptions(within(section).getByLabelText('Chapter'), 'Units');
    const table = await within(section).findByRole('table', { name: 'Not watched everything: Units' });
    expect(calls.filter((call) => call.path.endsWith('/Insights/chapter-students')).at(-1)?.body).toEqual({
      chapter_id: 11,
      list: 'not_watched_all',
    });
    expect(rowsOf(table)).toEqual([
      'Arjun Sharma+91987654321024 Nov 2026, 10:00 am2 of 3 (67%)',
      'Meera Iyer+919876543212Never0 of 3 (0%)',
    ]);
    await user.selectOptions(within(section).getByLabelText('Sort by'), 'Progress, least first');
    expect(rowsOf(table)[0]).toContain('Meera Iyer');
    expect(within(section).getByRole('link', { name: 'Message these students' })).toHaveAttribute(
      'href',
      '/console/messages/new?students=12%2C10&source=Not+watched+everything%3A+Units',
    );
    await user.click(within(section).getByRole('button', { name: 'Download CSV' }));
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(created.mock.calls[0]![0] as Blob);
    });
    expect(csv.replace(/^\uFEFF/, '')).toBe(
      'Name,Mobile,Last activity,Topics finished,Topics started,Topics in all\r\n' +
        "Meera Iyer,'+919876543212,,0,1,3\r\nArjun Sharma,'+919876543210,2026-11-24T04:30:00Z,2,3,3\r\n",
    );
    await user.type(within(section).getByLabelText('Filter by name or number'), 'arj');
    expect(rowsOf(table)).toEqual(['Arjun Sharma+91987654321024 Nov 2026, 10:00 am2 of 3 (67%)']);
    await user.click(within(section).getByRole('button', { name: 'Quizzes not attempted' }));
    await user.clear(within(section).getByLabelText('Filter by name or number'));
    const quizzes = await within(section).findByRole('table', { name: 'Quizzes not attempted: Units' });
    expect(rowsOf(quizzes)).toEqual(['Meera Iyer+919876543212Never0 of 1 (0%)0']);
  });

  it('says what went wrong with a list of who is behind, and tries again', async () => {
    let fail = true;
    const { user } = renderInsights({
      '/Insights/subject': () => ok({ enrolled: 3, topics: [] }),
      '/Insights/subject-students': () =>
        fail ? refused(500, 'The database is not reachable.') : ok({ total: 0, out_of: 2, students: [] }),
    });
    await user.selectOptions(await screen.findByLabelText('Subject'), 'Physics');
    const section = await screen.findByRole('region', { name: 'Who is behind in Physics' });
    expect(await within(section).findByText('The database is not reachable.')).toBeInTheDocument();
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(
      await within(section).findByText('Everyone has watched every topic of Physics to the end.'),
    ).toBeInTheDocument();
    await user.selectOptions(within(section).getByLabelText('Batch'), 'Morning');
    await user.click(within(section).getByRole('button', { name: 'Quizzes not attempted' }));
    expect(
      await within(section).findByText('Everyone in this batch has attempted every quiz of Physics.'),
    ).toBeInTheDocument();
  });

  it('shows a failure with a way to try again', async () => {
    renderInsights({ '/Insights/catalogue': () => refused(500, 'The database is not reachable.') });
    expect(await screen.findByText('The database is not reachable.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
