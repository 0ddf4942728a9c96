import type { Topic } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok, refused } from '../../../test/mock-api.ts';
import { demoStudent, renderApp } from '../../../test/render-app.tsx';
import { loadedVideo, playTo } from '../../../test/video.ts';

const topic = (id: number, name: string, extra: Partial<Topic> = {}): Topic => ({
  topic_id: id,
  topic_name: name,
  video_link: `/media/videos/${id}.webm`,
  thumbnail: `/media/videos/thumbnails/${id}.jpg`,
  subject_name: 'Physics',
  chapter_name: 'Units and Measurements',
  position_seconds: null,
  duration_seconds: 12,
  ...extra,
});
const topics = [
  topic(21, 'Introduction to Units'),
  topic(22, 'Key Ideas', { position_seconds: 7, duration_seconds: 12 }),
  topic(23, 'Revision', { position_seconds: 12, duration_seconds: 12 }),
];

describe('Topics of a chapter', () => {
  it("is titled '{subject} - {chapter}' and lists the topics, marking where each will resume", async () => {
    const calls = mockApi({ '/Student/topics': () => ok(topics) });
    renderApp('/topic/11');
    const tiles = within(await screen.findByRole('list', { name: 'Topics' })).getAllByRole('button');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Physics - Units and Measurements');
    expect(tiles.map((tile) => tile.textContent?.replace('›', ''))).toEqual([
      'Introduction to Units',
      'Key IdeasResume at 0:07',
      'RevisionWatched',
    ]);
    expect(calls.find((call) => call.path === '/Student/topics')?.body).toEqual({
      stud_id: demoStudent.stud_id,
      chapter_id: 11,
    });
  });

  it('hides the list and plays the chosen topic from where the student stopped; Back shows the list again', async () => {
    mockApi({ '/Student/topics': () => ok(topics), '/Student/watched': () => ok(null) });
    const { user } = renderApp('/topic/11');
    await user.click(await screen.findByRole('button', { name: /Key Ideas/ }));

    expect(window.location.search).toBe('?playing=22');
    expect(screen.queryByRole('list', { name: 'Topics' })).not.toBeInTheDocument();
    const video = await loadedVideo();
    expect(video).toHaveAttribute('src', '/media/videos/22.webm');
    expect(video).toHaveAttribute('controls');
    expect(video.currentTime).toBe(7);

    act(() => window.history.back());
    expect(await screen.findByRole('list', { name: 'Topics' })).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });

  it('starts a topic watched to the end from the beginning', async () => {
    mockApi({ '/Student/topics': () => ok(topics) });
    const { user } = renderApp('/topic/11');
    await user.click(await screen.findByRole('button', { name: /Revision/ }));
    expect((await loadedVideo()).currentTime).toBe(0);
  });

  it('reports the position on pause, and when the list comes back it shows the new position', async () => {
    let saved = 0;
    const calls = mockApi({
      '/Student/topics': () =>
        ok(topics.map((t) => (t.topic_id === 21 && saved ? { ...t, position_seconds: saved } : t))),
      '/Student/watched': (call) => {
        saved = (call.body as { position_seconds: number }).position_seconds;
        return ok(null);
      },
    });
    const { user } = renderApp('/topic/11');
    await user.click(await screen.findByRole('button', { name: /Introduction to Units/ }));
    const video = await loadedVideo();
    playTo(video, 5.04);
    Object.defineProperty(video, 'paused', { configurable: true, value: true });
    fireEvent(video, new Event('pause'));
    await waitFor(() => expect(saved).toBe(5));
    expect(calls.find((call) => call.path === '/Student/watched')).toMatchObject({
      body: { stud_id: demoStudent.stud_id, topic_id: 21, position_seconds: 5, duration_seconds: 12 },
      token: 'test-token',
    });

    await user.click(screen.getByRole('button', { name: 'Back to topics' }));
    expect(await screen.findByRole('button', { name: /Introduction to UnitsResume at 0:05/ })).toBeInTheDocument();
  });

  it('reports the position every 10 s while the video plays, and only when it moved', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const calls = mockApi({ '/Student/topics': () => ok(topics), '/Student/watched': () => ok(null) });
      const { user } = renderApp('/topic/11');
      await user.click(await screen.findByRole('button', { name: /Introduction to Units/ }));
      const video = await loadedVideo();
      const reported = () =>
        calls
          .filter((call) => call.path === '/Student/watched')
          .map((call) => (call.body as { position_seconds: number }).position_seconds);
      playTo(video, 3);
      act(() => {
        vi.advanceTimersByTime(9_000);
      });
      expect(reported()).toEqual([]);
      act(() => {
        vi.advanceTimersByTime(1_000);
      });
      await waitFor(() => expect(reported()).toEqual([3]));
      act(() => {
        vi.advanceTimersByTime(10_000);
      });
      playTo(video, 6.5);
      act(() => {
        vi.advanceTimersByTime(10_000);
      });
      await waitFor(() => expect(reported()).toEqual([3, 6.5]));
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a report again when it failed (offline), so the position is not lost', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let answers = 0;
      const calls = mockApi({
        '/Student/topics': () => ok(topics),
        '/Student/watched': () => (++answers === 1 ? refused(503, 'Service unavailable') : ok(null)),
      });
      const { user } = renderApp('/topic/11');
      await user.click(await screen.findByRole('button', { name: /Introduction to Units/ }));
      playTo(await loadedVideo(), 4);
      const reported = () => calls.filter((call) => call.path === '/Student/watched').length;
      act(() => {
        vi.advanceTimersByTime(10_000);
      });
      await waitFor(() => expect(answers).toBe(1));
      act(() => {
        vi.advanceTimersByTime(10_000);
      });
      await waitFor(() => expect(reported()).toBe(2));
      act(() => {
        vi.advanceTimersByTime(10_000);
      });
      expect(reported()).toBe(2);
      expect(calls.filter((call) => call.path === '/Student/watched').map((call) => call.body)).toEqual([
        { stud_id: demoStudent.stud_id, topic_id: 21, position_seconds: 4, duration_seconds: 12 },
        { stud_id: demoStudent.stud_id, topic_id: 21, position_seconds: 4, duration_seconds: 12 },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports nothing for a video opened but never played', async () => {
    const calls = mockApi({ '/Student/topics': () => ok(topics), '/Student/watched': () => ok(null) });
    const { user } = renderApp('/topic/11');
    await user.click(await screen.findByRole('button', { name: /Key Ideas/ }));
    const video = await loadedVideo();
    fireEvent(video, new Event('pause'));
    await user.click(screen.getByRole('button', { name: 'Back to topics' }));
    await screen.findByRole('list', { name: 'Topics' });
    expect(calls.some((call) => call.path === '/Student/watched')).toBe(false);
  });

  it('sends the position with the Token header in a request that outlives the page when the page is hidden', async () => {
    mockApi({ '/Student/topics': () => ok(topics), '/Student/watched': () => ok(null) });
    const { user } = renderApp('/topic/11');
    await user.click(await screen.findByRole('button', { name: /Introduction to Units/ }));
    playTo(await loadedVideo(), 8.2);

    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    fireEvent(document, new Event('visibilitychange'));
    const sent = vi.mocked(fetch).mock.calls.find(([url]) => String(url).endsWith('/Student/watched'));
    expect(sent?.[1]).toMatchObject({ method: 'POST', keepalive: true, headers: { Token: 'test-token' } });
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      stud_id: demoStudent.stud_id,
      topic_id: 21,
      position_seconds: 8.2,
      duration_seconds: 12,
    });
  });

  it('offers the video in a new tab when it cannot be played here', async () => {
    mockApi({ '/Student/topics': () => ok(topics) });
    const { user } = renderApp('/topic/11');
    await user.click(await screen.findByRole('button', { name: /Introduction to Units/ }));
    fireEvent(await loadedVideo(), new Event('error'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This video could not be played here.');
    const link = screen.getByRole('link', { name: 'Open the video in a new tab' });
    expect(link).toHaveAttribute('href', '/media/videos/21.webm');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('links a YouTube topic to YouTube itself, opening safely in a new tab', async () => {
    const youtube = topic(24, 'Motion Explained', { video_link: 'https://www.youtube.com/watch?v=LXb3EKWsInQ' });
    mockApi({ '/Student/topics': () => ok([youtube]) });
    const { user } = renderApp('/topic/11');
    await user.click(await screen.findByRole('button', { name: /Motion Explained/ }));
    const link = await screen.findByRole('link', { name: 'Open on YouTube' });
    expect(link).toHaveAttribute('href', youtube.video_link);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("reads 'Loading...', then 'No Data Available' for a chapter without topics", async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    mockApi({ '/Student/topics': () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/topic/11');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    answer(ok([]));
    expect(await screen.findByText('No Data Available')).toBeInTheDocument();
  });

  it("reads 'Something went wrong' for a chapter outside the student's subjects", async () => {
    const calls = mockApi({ '/Student/topics': () => refused(404, 'That chapter was not found.') });
    renderApp('/topic/99');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(await screen.findByText('That chapter was not found.')).toBeInTheDocument();
    // A refusal does not change on retry: the error view comes after one request, not four.
    expect(calls.filter((call) => call.path === '/Student/topics')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
