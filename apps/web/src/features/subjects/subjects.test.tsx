import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, refused } from '../../../test/mock-api.ts';
import { demoStudent, renderApp } from '../../../test/render-app.tsx';

const subjects = [
  { subject_id: 3, subject_name: 'Physics', thumbnail: '/media/subjects/physics.svg' },
  { subject_id: 5, subject_name: 'Chemistry', thumbnail: '/media/subjects/chemistry.svg' },
];
const chapters = [
  { chapter_id: 11, chapter_name: 'Units and Measurements', subject_id: 3, subject_name: 'Physics' },
  { chapter_id: 12, chapter_name: 'Laws of Motion', subject_id: 3, subject_name: 'Physics' },
];

describe('My Subjects', () => {
  it('shows a card per subject with its thumbnail, each to its chapters', async () => {
    const calls = mockApi({ '/Student/subjects': () => ok({ data: subjects }) });
    renderApp('/subjects');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Subjects' })).toBeInTheDocument();
    const cards = within(await screen.findByRole('list', { name: 'My subjects' })).getAllByRole('link');
    expect(cards.map((card) => [card.textContent, card.getAttribute('href')])).toEqual([
      ['Physics', '/chapters/3'],
      ['Chemistry', '/chapters/5'],
    ]);
    const image = cards[0]!.querySelector('img')!;
    expect(image).toHaveAttribute('src', '/media/subjects/physics.svg');
    expect(image).toHaveAttribute('width');
    expect(calls.find((call) => call.path === '/Student/subjects')?.body).toEqual({ stud_id: demoStudent.stud_id });
  });

  it("reads 'Loading...', then 'No Data Available' when the student has no subjects", async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    mockApi({ '/Student/subjects': () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/subjects');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    answer(ok({ data: [] }));
    expect(await screen.findByText('No Data Available')).toBeInTheDocument();
  });

  it("reads 'Something went wrong' with the server's message in a toast when the call fails", async () => {
    mockApi({ '/Student/subjects': () => refused(403, 'You can only see your own account.') });
    renderApp('/subjects');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(await screen.findByText('You can only see your own account.')).toBeInTheDocument();
  });
});

describe('Chapters of a subject', () => {
  it("is titled with the subject's name and lists its chapters, each to its topics", async () => {
    const calls = mockApi({ '/Student/chapters': () => ok(chapters) });
    renderApp('/chapters/3');
    const tiles = within(await screen.findByRole('list', { name: 'Chapters' })).getAllByRole('link');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Physics');
    expect(tiles.map((tile) => [tile.textContent?.replace('›', ''), tile.getAttribute('href')])).toEqual([
      ['Units and Measurements', '/topic/11'],
      ['Laws of Motion', '/topic/12'],
    ]);
    expect(calls.find((call) => call.path === '/Student/chapters')?.body).toEqual({
      stud_id: demoStudent.stud_id,
      sub_id: 3,
    });
  });

  it('keeps the subject name chosen on My Subjects as the title even when it has no chapters yet', async () => {
    mockApi({ '/Student/subjects': () => ok({ data: subjects }), '/Student/chapters': () => ok([]) });
    const { user } = renderApp('/subjects');
    await user.click(await screen.findByRole('link', { name: 'Chemistry' }));
    expect(await screen.findByText('No Data Available')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Chemistry');
  });

  it("reads 'Something went wrong' for a subject the student is not enrolled in", async () => {
    mockApi({ '/Student/chapters': () => refused(404, 'That subject was not found.') });
    renderApp('/chapters/99');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(await screen.findByText('That subject was not found.')).toBeInTheDocument();
  });
});
