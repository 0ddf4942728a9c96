import type { LiveClass } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, refused } from '../../../test/mock-api.ts';
import { demoStudent, renderApp } from '../../../test/render-app.tsx';
import { useSession } from '../../lib/session-store.ts';

// The first screen of a file waits for the lazily loaded app and feature modules to be compiled.

const MIN = 60_000;
const lesson = (id: number, className: string, minutesFromNow: number, extra: Partial<LiveClass> = {}): LiveClass => ({
  id,
  batch_name: 'Physics Batch A (Morning)',
  class_name: className,
  tutor_name: 'Dr. Anil Kumar',
  online_url: 'https://meet.example.com/physics-a',
  starts_at: new Date(Date.now() + minutesFromNow * MIN).toISOString(),
  duration_minutes: 60,
  batch_id: 21,
  subject_id: 3,
  ...extra,
});

const classes = [
  lesson(1, 'Dimensional analysis', -180),
  lesson(2, 'Motion in a Straight Line', -20),
  lesson(3, 'Graphs of motion', 240),
];

const card = (name: RegExp | string) => screen.getByRole('article', { name });

describe('/live-class', () => {
  it("lists the student's subjects with their thumbnails, each to its batches", async () => {
    mockApi({
      '/Student/subjects': () =>
        ok({ data: [{ subject_id: 3, subject_name: 'Physics', thumbnail: '/media/subjects/physics.svg' }] }),
    });
    renderApp('/live-class');
    const link = await screen.findByRole('link', { name: /Physics/ });
    expect(screen.getByRole('heading', { level: 1, name: 'Live Classes' })).toBeInTheDocument();
    expect(link).toHaveAttribute('href', '/live-batches/3');
    expect(link.querySelector('img')).toHaveAttribute('src', '/media/subjects/physics.svg');
  });
});

describe('/live-batches/{subId}', () => {
  it('asks to choose a batch of the subject and links each to its classes', async () => {
    const calls = mockApi({
      '/Student/batches': () => ok([{ batch_id: 21, batch_name: 'Physics Batch A (Morning)' }]),
    });
    renderApp('/live-batches/3');
    expect(await screen.findByRole('link', { name: /Physics Batch A/ })).toHaveAttribute('href', '/live-classes/3/21');
    expect(screen.getByText('Choose batch')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/Student/batches')?.body).toEqual({ stud_id: demoStudent.stud_id, sub_id: 3 });
  });

  it("reads 'No Data Available' when the subject has no batches", async () => {
    mockApi({ '/Student/batches': () => ok([]) });
    renderApp('/live-batches/3');
    expect(await screen.findByText('No Data Available')).toBeInTheDocument();
  });

  it("shows the server's refusal for a subject outside the enrolment", async () => {
    mockApi({ '/Student/batches': () => refused(404, 'That subject was not found.') });
    renderApp('/live-batches/99');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(await screen.findByText('That subject was not found.')).toBeInTheDocument();
  });
});

describe('/live-classes/{subId}/{bId}', () => {
  it('shows batch, "{class} by {tutor}" and start time, with the live class first and marked', async () => {
    const calls = mockApi({ '/Student/live_classes': () => ok(classes) });
    renderApp('/live-classes/3/21');
    const cards = within(await screen.findByRole('list', { name: 'Live classes' })).getAllByRole('article');
    expect(screen.getByText('Choose a live class')).toBeInTheDocument();
    expect(cards.map((c) => c.querySelector('h3')?.textContent)).toEqual([
      'Motion in a Straight Line by Dr. Anil Kumar',
      'Graphs of motion by Dr. Anil Kumar',
      'Dimensional analysis by Dr. Anil Kumar',
    ]);
    expect(cards[0]).toHaveTextContent('Live now');
    expect(cards[0]).toHaveTextContent('Physics Batch A (Morning)');
    expect(cards[0]).toHaveTextContent(/Started today at .*, ends at /);
    expect(cards[1]).toHaveTextContent(/Upcoming.*Starts (today|tomorrow) at .* · 60 min/);
    expect(calls.find((c) => c.path === '/Student/live_classes')?.body).toEqual({
      stud_id: demoStudent.stud_id,
      sub_id: 3,
      batch_id: 21,
    });
  });

  it('offers Join Live for the running class, opening in a new tab without an opener', async () => {
    mockApi({ '/Student/live_classes': () => ok(classes) });
    renderApp('/live-classes/3/21');
    const join = within(await screen.findByRole('article', { name: /Motion in a Straight Line/ })).getByRole('link', {
      name: /Join Live/,
    });
    expect(join).toHaveAttribute('href', 'https://meet.example.com/physics-a');
    expect(join).toHaveAttribute('target', '_blank');
    expect(join).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('keeps a finished class from looking joinable, and opens Join Live on an upcoming one only 15 minutes before it starts', async () => {
    mockApi({ '/Student/live_classes': () => ok(classes) });
    renderApp('/live-classes/3/21');
    const finished = await screen.findByRole('article', { name: /Dimensional analysis/ });
    expect(finished).toHaveTextContent('Finished');
    expect(finished).toHaveTextContent('This class has finished.');
    expect(within(finished).queryByRole('link')).not.toBeInTheDocument();
    const upcoming = card(/Graphs of motion/);
    expect(within(upcoming).queryByRole('link', { name: /Join Live/ })).not.toBeInTheDocument();
    const closed = within(upcoming).getByRole('button', { name: 'Join Live' });
    expect(closed).toBeDisabled();
    expect(closed).toHaveAccessibleDescription(/^Opens (today|tomorrow) at /);
    expect(upcoming).toHaveTextContent('Upcoming');
    expect(upcoming).toHaveTextContent(/(today|tomorrow) at /);
  });

  it('never turns an address other than http(s) into a link', async () => {
    mockApi({ '/Student/live_classes': () => ok([lesson(9, 'Hostile', -5, { online_url: 'javascript:alert(1)' })]) });
    renderApp('/live-classes/3/21');
    const hostile = await screen.findByRole('article', { name: /Hostile/ });
    expect(within(hostile).queryByRole('link', { name: /Join Live/ })).not.toBeInTheDocument();
    expect(hostile).toHaveTextContent('The join link is not available');
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it("reads 'Loading...' while the classes are on their way and 'No Data Available' without any", async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    mockApi({ '/Student/live_classes': () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/live-classes/3/21');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    answer(ok([]));
    expect(await screen.findByText('No Data Available')).toBeInTheDocument();
  });

  it('opens a chosen class on /live, which shows it with its Join Live link', async () => {
    mockApi({ '/Student/live_classes': () => ok(classes) });
    const { user } = renderApp('/live-classes/3/21');
    const live = await screen.findByRole('article', { name: /Motion in a Straight Line/ });
    await user.click(within(live).getByRole('link', { name: /Open class page/ }));
    expect(window.location.pathname).toBe('/live');
    expect(await screen.findByText('Join')).toBeInTheDocument();
    const shown = screen.getByRole('article', { name: /Motion in a Straight Line by Dr. Anil Kumar/ });
    expect(within(shown).getByRole('link', { name: /Join Live/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: /All classes of Physics Batch A/ })).toHaveAttribute(
      'href',
      '/live-classes/3/21',
    );
  });

  it('remembers the class a student joins as the current live class', async () => {
    mockApi({ '/Student/live_classes': () => ok(classes) });
    const { user } = renderApp('/live-classes/3/21');
    const join = within(await screen.findByRole('article', { name: /Motion in a Straight Line/ })).getByRole('link', {
      name: /Join Live/,
    });
    join.addEventListener('click', (event) => event.preventDefault()); // jsdom cannot open the tab
    await user.click(join);
    expect(useSession.getState().liveClass?.id).toBe(2);
  });
});

describe('/live', () => {
  it('says no class is chosen and leads to the live classes when none is stored', async () => {
    mockApi({});
    renderApp('/live');
    expect(await screen.findByText('No live class is chosen yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a live class' })).toHaveAttribute('href', '/live-class');
    expect(screen.queryByRole('link', { name: /Join Live/ })).not.toBeInTheDocument();
  });
});
