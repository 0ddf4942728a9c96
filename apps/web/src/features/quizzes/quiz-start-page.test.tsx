import type { QuizDetail } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../config/api.ts';
import { mockApi, ok, refused, type ApiCall } from '../../../test/mock-api.ts';
import { demoStudent, renderApp } from '../../../test/render-app.tsx';
import { useQuizAnswers } from './answers-store.ts';

// Shown in position order; the ids are deliberately not in that order.
const detail: QuizDetail = {
  quiz: {
    id: 5,
    name: 'Units and Dimensions',
    chapter_id: 3,
    max_marks: 7,
    pass_marks: 4,
    allow_retake: true,
    attempted: false,
  },
  questions: [
    {
      question_id: 30,
      question: 'Which of these is a fundamental SI unit?',
      options: ['Newton', 'Joule', 'Kelvin', 'Watt'],
      marks: 1,
    },
    { question_id: 10, question: 'What are the dimensions of force?', options: ['[M L T⁻²]', '[M L² T⁻²]'], marks: 2 },
    { question_id: 20, question: 'One light year is a unit of', options: ['Time', 'Distance'], marks: 4 },
  ],
};

const passed = {
  result: 'pass',
  message: 'Congratulations! You passed Units and Dimensions.',
  score_text: '5/7',
  attempt_id: 91,
};
const submitted = (calls: ApiCall[]) => calls.filter((c) => c.path === '/Student/submit_quiz').map((c) => c.body);
const question = (n: number) => screen.getByRole('group', { name: new RegExp(`^${n}\\. `) });
const draftKey = `${demoStudent.stud_id}:5`;

function openQuiz(
  submit: (call: ApiCall) => ReturnType<typeof ok> | Promise<ReturnType<typeof ok>> = () => ok(passed, passed.message),
) {
  const calls = mockApi({ '/Student/get_quiz': () => ok(detail), '/Student/submit_quiz': submit });
  return { calls, ...renderApp('/quiz-start/5') };
}

describe('Taking a quiz', () => {
  // The first lazy load transforms the whole screen; done once here so no test waits on it.
  beforeAll(() => import('./quiz-start-page.tsx'));
  // The store outlives a test; local storage is cleared after each (test/setup.ts).
  beforeEach(() => useQuizAnswers.setState({ drafts: {}, submissionIds: {} }));

  it('shows the quiz name, total marks, and each question numbered with its marks and options', async () => {
    const { calls } = openQuiz();
    expect(await screen.findByRole('heading', { name: 'Units and Dimensions' })).toBeInTheDocument();
    expect(screen.getByText('Total Marks : 7')).toBeInTheDocument();
    expect(within(question(1)).getByText('1 Mark')).toBeInTheDocument();
    expect(within(question(3)).getByText('4 Marks')).toBeInTheDocument();
    expect(
      within(question(1))
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['Newton', 'Joule', 'Kelvin', 'Watt']);
    expect(calls.find((c) => c.path === '/Student/get_quiz')?.body).toEqual({
      stud_id: demoStudent.stud_id,
      quiz_id: 5,
    });
  });

  it('replaces an answer when another option is chosen, allows blanks, and submits sorted by question id', async () => {
    const { calls, user } = openQuiz();
    await screen.findByText('Total Marks : 7');
    await user.click(within(question(1)).getByRole('radio', { name: 'Joule' }));
    await user.click(within(question(1)).getByRole('radio', { name: 'Kelvin' }));
    await user.click(within(question(3)).getByRole('radio', { name: 'Distance' }));
    expect(within(question(1)).getByRole('radio', { name: 'Joule' })).not.toBeChecked();
    expect(within(question(1)).getByRole('radio', { name: 'Kelvin' })).toBeChecked();
    expect(screen.getByText(/2 of 3 answered/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Score: 5/7');
    expect(submitted(calls)).toEqual([
      {
        stud_id: demoStudent.stud_id,
        quiz_id: 5,
        submit_data: [
          { question_id: 20, answer: 'Distance' },
          { question_id: 30, answer: 'Kelvin' },
        ],
        submission_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      },
    ]);
  });

  it('moves between options with the arrow keys', async () => {
    const { user } = openQuiz();
    await screen.findByText('Total Marks : 7');
    await user.click(within(question(1)).getByRole('radio', { name: 'Newton' }));
    await user.keyboard('{ArrowDown}');
    expect(within(question(1)).getByRole('radio', { name: 'Joule' })).toBeChecked();
  });

  it('shows the complete screen with the message, the pass icon and the score, and a success toast that does not repeat it', async () => {
    const { user } = openQuiz(() => ok({ ...passed, result: 'PASS' }, passed.message));
    await screen.findByText('Total Marks : 7');
    await user.click(within(question(2)).getByRole('radio', { name: '[M L T⁻²]' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: passed.message })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Passed' })).toBeInTheDocument();
    expect(screen.getByText('Score: 5/7')).toBeInTheDocument();
    expect(within(screen.getByRole('status')).getByText('Quiz submitted.')).toBeInTheDocument();
    expect(screen.getAllByText(passed.message)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Review answers' })).toHaveAttribute('href', '/report-preview/91');
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(useQuizAnswers.getState().drafts[draftKey]).toBeUndefined();
  });

  it('shows the fail icon for a fail, and the toast in the fail colour', async () => {
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    onTestFinished(() => {
      success.mockRestore();
      error.mockRestore();
    });
    const { user } = openQuiz(() =>
      ok({ ...passed, result: 'Fail', message: 'You did not pass.' }, 'You did not pass.'),
    );
    await screen.findByText('Total Marks : 7');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('img', { name: 'Not passed' })).toBeInTheDocument();
    // Not a green success toast: the toast carries the fail result's own (red) icon.
    expect(success).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('Quiz submitted.', expect.anything());
    expect(screen.getAllByText('You did not pass.')).toHaveLength(1);
  });

  it('stays on the quiz with an error toast when the server answers status false, keeping the answers', async () => {
    const refusal = 'You have already taken this quiz, and it can be taken only once.';
    const { user } = openQuiz(() => ({ status: 200, body: { status: false, message: refusal, data: null } }));
    await screen.findByText('Total Marks : 7');
    await user.click(within(question(1)).getByRole('radio', { name: 'Watt' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await within(screen.getByRole('status')).findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(within(question(1)).getByRole('radio', { name: 'Watt' })).toBeChecked();
    expect(screen.queryByText(/Score:/)).not.toBeInTheDocument();
  });

  it('lands on the login screen with the reason, said once, when the session has ended', async () => {
    const ended = 'Your session has ended. Please sign in again.';
    const { user } = openQuiz(() => refused(401, ended));
    await screen.findByText('Total Marks : 7');
    await user.click(within(question(1)).getByRole('radio', { name: 'Watt' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Portal login' })).toBeInTheDocument();
    expect(screen.getByText(ended)).toBeVisible();
  });

  it('says the answers are kept when the connection fails, and submits them with the same id once it is back', async () => {
    let online = false;
    const { calls, user } = openQuiz(() =>
      online ? ok(passed, passed.message) : Promise.reject(new TypeError('Failed to fetch')),
    );
    await screen.findByText('Total Marks : 7');
    await user.click(within(question(3)).getByRole('radio', { name: 'Time' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/You are offline\. Your answers are saved on this device/)).toBeInTheDocument();
    expect(screen.queryByText(NETWORK_ERROR_MESSAGE)).not.toBeInTheDocument();
    expect(within(question(3)).getByRole('radio', { name: 'Time' })).toBeChecked();
    expect(JSON.parse(localStorage.getItem('quizAnswers') ?? '{}').state.drafts[draftKey]).toEqual({ 20: 'Time' });

    online = true;
    window.dispatchEvent(new Event('online'));
    await screen.findByText('Score: 5/7');
    const [first, retry] = submitted(calls) as { submission_id: string }[];
    expect(retry?.submission_id).toBe(first?.submission_id);
  });

  it('says at once that the student is offline, without sending, when Submit is pressed offline', async () => {
    const { calls, user } = openQuiz();
    await screen.findByText('Total Marks : 7');
    // Offline once the quiz is on screen (opened offline, a quiz never saved on the device could not show).
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(screen.getByText(/You are offline/)).toBeInTheDocument();
      expect(screen.queryByText(/Submitting/)).not.toBeInTheDocument();
      expect(submitted(calls)).toHaveLength(0);
      onLine.mockReturnValue(true);
      window.dispatchEvent(new Event('online'));
      await screen.findByText('Score: 5/7');
      expect(submitted(calls)).toHaveLength(1);
    } finally {
      onLine.mockRestore();
    }
  });

  it('disables Submit while the answers are on their way, so one click sends one submission', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    const { calls, user } = openQuiz(() => new Promise((resolve) => (answer = resolve)));
    await screen.findByText('Total Marks : 7');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    answer(ok(passed, passed.message));
    await screen.findByText('Score: 5/7');
    expect(submitted(calls)).toHaveLength(1);
  });

  it('restores the answers saved before a reload, ignoring one that is no longer an option', async () => {
    localStorage.setItem(
      'quizAnswers',
      JSON.stringify({ state: { drafts: { [draftKey]: { 10: '[M L² T⁻²]', 30: 'Ampere' } } }, version: 1 }),
    );
    await useQuizAnswers.persist.rehydrate();
    const { calls, user } = openQuiz();
    await screen.findByText('Total Marks : 7');
    expect(within(question(2)).getByRole('radio', { name: '[M L² T⁻²]' })).toBeChecked();
    expect(within(question(1)).queryByRole('radio', { checked: true })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(submitted(calls)).toHaveLength(1));
    expect(submitted(calls)[0]).toMatchObject({ submit_data: [{ question_id: 10, answer: '[M L² T⁻²]' }] });
  });

  it("keeps one student's saved answers from another student on the same device", async () => {
    localStorage.setItem('quizAnswers', JSON.stringify({ state: { drafts: { '999:5': { 30: 'Watt' } } }, version: 1 }));
    await useQuizAnswers.persist.rehydrate();
    openQuiz();
    await screen.findByText('Total Marks : 7');
    expect(within(question(1)).queryByRole('radio', { checked: true })).not.toBeInTheDocument();
  });
});
