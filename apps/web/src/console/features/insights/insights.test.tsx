import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ConsoleHandlers, openConsole } from '../../../../test/console-fixtures.tsx';
import { ok, refused } from '../../../../test/mock-api.ts';

const catalogue = {
  subjects: [
    { id: 3, name: 'Physics', chapters: [{ id: 11, name: 'Units', quizzes: [{ id: 5, name: 'Units quiz' }] }] },
    { id: 4, name: 'Chemistry', chapters: [] },
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
      '/Insights/quiz': () =>
        ok({
          attempts: 4,
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
    expect(rowsOf(within(results).getByRole('table'))).toEqual(['Hard one3 of 4 (75%)', 'Easy one0 of 4 (0%)']);
  });

  it('finds a student and shows what they watched and the quizzes they took', async () => {
    const { user } = renderInsights({
      '/Students/list': () =>
        ok({
          students: [
            { stud_id: 7, name: 'Arjun Sharma', mobile: '+919876543210', active: true, academic_level: 'Class 12' },
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

  it('shows a failure with a way to try again', async () => {
    renderInsights({ '/Insights/catalogue': () => refused(500, 'The database is not reachable.') });
    expect(await screen.findByText('The database is not reachable.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
