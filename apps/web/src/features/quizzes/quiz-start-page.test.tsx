import type { QuizDetail } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../config/api.ts';
import { mockApi, ok, type ApiCall } from '../../../test/mock-api.ts';
import { demoStudent, renderApp } from '../../../test/render-app.tsx';
import { useQuizAnswers } from './answers-store.ts';

// Shown in position order; the ids are deliberately not in that order.
const detail: QuizDetail = {
  quiz: { id: 5, name: 'Units and Dimensions', chapter_id: 3, max_marks: 7, pass_marks: 4, allow_retake: true, attempted: false },
  questions: [
    { question_id: 30, question: 'Which of these is a fundamental SI unit?', options: ['Newton', 'Joule', 'Kelvin', 'Watt'], marks: 1 },
    { question_id: 10, question: 'What are the dimensions of force?', options: ['[M L T⁻²]', '[M L² T⁻²]'], marks: 2 },
    { question_id: 20, question: 'One light year is a unit of', options: ['Time', 'Distance'], marks: 4 },
  ],
};

const passed = { result: 'pass', message: 'Congratulations! You passed Units and Dimensions.', score_text: '5/7', attempt_id: 91 };
const submitted = (calls: ApiCall[]) => calls.filter((c) => c.path === '/Student/submit_quiz').map((c) => c.body);
const question = (n: number) => screen.getByRole('group', { name: new RegExp(`^${n}\\. `) });
const draftKey = `${demoStudent.stud_id}:5`;

function openQuiz(submit: (call: ApiCall) => ReturnType<typeof ok> | Promise<ReturnType<typeof ok>> = () => ok(passed, passed.message)) {
  const calls = mockApi({ '/Student/get_quiz': () => ok(detail), '/Student/submit_quiz': submit });
  return { calls, ...renderApp('/quiz-start/5') };
}

describe('Taking a quiz', () => {
  // The first lazy load transforms the whole screen; done once here so no test waits on it.
  beforeAll(() => import('./quiz-start-page.tsx'));
  // The store outlives a test; local storage is cleared after each (test/setup.ts).
  beforeEach(() => useQuizAnswers.setState({ drafts: {} }));

  it('shows the quiz name, total marks, and each question numbered with its marks and options', async () => {
    const { calls } = openQuiz();
    expect(await screen.findByRole('heading', { name: 'Units and Dimensions' })).toBeInTheDocument();
    expect(screen.getByText('Total Marks : 7')).toBeInTheDocument();
    expect(within(question(1)).getByText('1 Marks')).toBeInTheDocument();
    expect(within(question(3)).getByText('4 Marks')).toBeInTheDocument();
    expect(within(question(1)).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['Newton', 'Joule', 'Kelvin', 'Watt']);
    expect(calls.find((c) => c.path === '/Student/get_quiz')?.body).toEqual({ stud_id: demoStudent.stud_id, quiz_id: 5 });
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
      { stud_id: demoStudent.stud_id, quiz_id: 5, submit_data: [{ question_id: 20, answer: 'Distance' }, { question_id: 30, answer: 'Kelvin' }] },
    ]);
  });

  it('moves between options with the arrow keys', async () => {
    const { user } = openQuiz();
    await screen.findByText('Total Marks : 7');
    await user.click(within(question(1)).getByRole('radio', { name: 'Newton' }));
    await user.keyboard('{ArrowDown}');
    expect(within(question(1)).getByRole('radio', { name: 'Joule' })).toBeChecked();
  });

  it('shows the complete screen with the message, the pass icon and the score, and a success toast', async () => {
    const { user } = openQuiz(() => ok({ ...passed, result: 'PASS' }, passed.message));
    await screen.findByText('Total Marks : 7');
    await user.click(within(question(2)).getByRole('radio', { name: '[M L T⁻²]' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: passed.message })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Passed' })).toBeInTheDocument();
    expect(screen.getByText('Score: 5/7')).toBeInTheDocument();
    expect(within(screen.getByRole('status')).getByText(passed.message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review answers' })).toHaveAttribute('href', '/report-preview/91');
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(useQuizAnswers.getState().drafts[draftKey]).toBeUndefined();
  });

  it('shows the fail icon for a fail', async () => {
    const { user } = openQuiz(() => ok({ ...passed, result: 'Fail', message: 'You did not pass.' }, 'You did not pass.'));
    await screen.findByText('Total Marks : 7');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('img', { name: 'Not passed' })).toBeInTheDocument();
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

  it('shows the network error in a toast and keeps the answers saved when the connection fails', async () => {
    const { user } = openQuiz(() => Promise.reject(new TypeError('Failed to fetch')));
    await screen.findByText('Total Marks : 7');
    await user.click(within(question(3)).getByRole('radio', { name: 'Time' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await within(screen.getByRole('status')).findByText(NETWORK_ERROR_MESSAGE)).toBeInTheDocument();
    expect(within(question(3)).getByRole('radio', { name: 'Time' })).toBeChecked();
    expect(JSON.parse(localStorage.getItem('quizAnswers') ?? '{}').state.drafts[draftKey]).toEqual({ 20: 'Time' });
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
