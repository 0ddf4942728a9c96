import type { QuizReport } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, ok, refused } from '../../../test/mock-api.ts';
import { demoStudent, renderApp } from '../../../test/render-app.tsx';

beforeAll(() =>
  Promise.all([import('./quiz-list-page.tsx'), import('./reports-page.tsx'), import('./report-preview-page.tsx')]),
);

describe('Choosing a quiz', () => {
  it("lists the chapter's quizzes with their creation day, and offers the chapter's reports", async () => {
    const calls = mockApi({
      '/Student/get_quiz_by_chapter': () =>
        ok([{ id: 4, name: 'Kinematics Basics', added_on: '2025-01-05T06:30:00Z' }]),
    });
    renderApp('/quiz-list/3');
    const card = await screen.findByRole('link', { name: /Kinematics Basics/ });
    expect(card).toHaveAttribute('href', '/quiz-start/4');
    expect(card).toHaveTextContent('Quiz created on 5 Jan 2025');
    expect(screen.getByText('Choose a Quiz')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Reports' })).toHaveAttribute('href', '/reports/3');
    expect(calls.find((c) => c.path === '/Student/get_quiz_by_chapter')?.body).toEqual({
      stud_id: demoStudent.stud_id,
      chapter_id: 3,
    });
  });

  it('reads No Data Available for a chapter without quizzes', async () => {
    mockApi({ '/Student/get_quiz_by_chapter': () => ok([]) });
    renderApp('/quiz-list/3');
    expect(await screen.findByText('No Data Available')).toBeInTheDocument();
  });
});

describe("A chapter's reports", () => {
  const attempt = {
    quiz_id: 4,
    name: 'Kinematics Basics',
    added_on: '2025-01-05T06:30:00Z',
    attend_on: '2025-02-10T06:30:00Z',
    max_marks: 9,
  };

  it('shows each attempt with its days and result, green for a pass and red for a fail, each to its review', async () => {
    mockApi({
      '/Student/my_quiz_history': () =>
        ok([
          { ...attempt, id: 12, result: 'pass', marks: 7 },
          { ...attempt, id: 11, result: 'FAIL', marks: 2 },
        ]),
    });
    renderApp('/reports/3');
    const cards = within(await screen.findByRole('list', { name: 'Reports' })).getAllByRole('link');
    expect(screen.getByText('View a report')).toBeInTheDocument();
    expect(cards.map((c) => c.getAttribute('href'))).toEqual(['/report-preview/12', '/report-preview/11']);
    expect(cards[0]).toHaveTextContent('Created on 5 Jan 2025');
    expect(cards[0]).toHaveTextContent(/Attended on 10 Feb 2025/);
    expect(within(cards[0]!).getByText('pass - 7/9')).toHaveClass('text-green-700');
    expect(within(cards[1]!).getByText('FAIL - 2/9')).toHaveClass('text-red-700');
  });
});

describe('Reviewing an attempt', () => {
  const report: QuizReport = {
    quiz_name: 'Kinematics Basics',
    attend_on: '2025-02-10T06:30:00Z',
    analytics: { total_marks_gained: 2, max_marks: 6, result: 'fail' },
    report: [
      {
        question_id: 1,
        question: 'The slope of a position–time graph gives the',
        options: ['Acceleration', 'Velocity'],
        marks: 2,
        answer: 'Velocity',
        student_answer: 'Velocity',
      },
      {
        question_id: 2,
        question: 'How high does it rise?',
        options: ['10 m', '20 m', '40 m'],
        marks: 3,
        answer: '20 m',
        student_answer: '40 m',
      },
      {
        question_id: 3,
        question: 'A body with uniform velocity has an acceleration that is',
        options: ['Zero', 'Equal to g'],
        marks: 1,
        answer: 'Zero',
        student_answer: null,
      },
    ],
  };
  const option = (question: number, name: string) =>
    within(screen.getByRole('group', { name: new RegExp(`^${question}\\. `) })).getByRole('radio', {
      name: new RegExp(`^${name}`),
    });
  const optionBox = (question: number, name: string) => option(question, name).closest('label');

  it("shows the marks gained and each question read-only with the student's answer selected", async () => {
    const calls = mockApi({ '/Student/quiz_report_by_id': () => ok(report) });
    renderApp('/report-preview/12');
    expect(await screen.findByText('Total Marks Gained : 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Quiz Result' })).toBeInTheDocument();
    expect(option(1, 'Velocity')).toBeChecked();
    expect(option(2, '40 m')).toBeChecked();
    expect(
      within(screen.getByRole('group', { name: /^3\. / })).queryByRole('radio', { checked: true }),
    ).not.toBeInTheDocument();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(calls.find((c) => c.path === '/Student/quiz_report_by_id')?.body).toEqual({
      stud_id: demoStudent.stud_id,
      id: 12,
    });
  });

  it('highlights a right answer green, and marks a wrong answer and the correct option in words too', async () => {
    mockApi({ '/Student/quiz_report_by_id': () => ok(report) });
    renderApp('/report-preview/12');
    await screen.findByText('Total Marks Gained : 2');
    expect(optionBox(1, 'Velocity')).toHaveClass('bg-green-50');
    expect(optionBox(1, 'Velocity')).toHaveTextContent('Your answer, correct');
    expect(optionBox(2, '40 m')).toHaveClass('bg-red-50');
    expect(optionBox(2, '40 m')).toHaveTextContent('✗ Your answer');
    expect(optionBox(2, '20 m')).not.toHaveClass('bg-green-50');
    expect(optionBox(2, '20 m')).toHaveTextContent('✓ Correct answer');
    expect(optionBox(2, '10 m')).toHaveTextContent(/^10 m$/);
    expect(screen.getByRole('group', { name: /^3\. / })).toHaveTextContent('Not answered · 0/1 Mark');
  });

  it("shows the error view for an attempt that is not the student's", async () => {
    mockApi({ '/Student/quiz_report_by_id': () => refused(404, 'That report was not found.') });
    renderApp('/report-preview/99');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(within(screen.getByRole('status')).getByText('That report was not found.')).toBeInTheDocument();
  });
});
