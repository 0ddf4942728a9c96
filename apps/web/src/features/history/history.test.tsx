import type { WatchedTopic } from '@portal/contract';
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok, refused } from '../../../test/mock-api.ts';
import { demoStudent, renderApp } from '../../../test/render-app.tsx';
import { loadedVideo } from '../../../test/video.ts';
import { importDownloadKey } from '../../lib/downloads/download-crypto.ts';
import { inTransaction, requested } from '../../lib/downloads/download-db.ts';
import { saveItem, writeFile } from '../../lib/downloads/download-store.ts';

const item = (id: number, subject: string, topic: string, position: number, duration: number | null): WatchedTopic => ({
  topic_id: id,
  thumbnail: `/media/videos/thumbnails/${id}.jpg`,
  subject_name: subject,
  chapter_name: 'A chapter',
  topic_name: topic,
  video_link: `/media/videos/${id}.webm`,
  position_seconds: position,
  duration_seconds: duration,
  watched_at: '2026-11-22T08:00:00.000Z',
});
const history = [
  item(31, 'Chemistry', 'Structure of Atom: Key Ideas', 7, 12),
  item(32, 'Mathematics', 'Introduction to Sets', 12, 12),
  item(33, 'Physics', 'Motion Explained', 95, null),
];

const grid = () => screen.findByRole('list', { name: 'Recently watched' });

describe('Recently Watched', () => {
  it('shows a card per watched topic, newest first, with subject, topic and how far the student got', async () => {
    const calls = mockApi({ '/Student/recently_watched': () => ok({ data: history }) });
    renderApp('/history');
    const cards = within(await grid()).getAllByRole('button');
    expect(screen.getByRole('heading', { level: 1, name: 'Recently Watched' })).toBeInTheDocument();
    expect(cards.map((card) => card.textContent)).toEqual([
      'ChemistryStructure of Atom: Key IdeasStopped at 0:07 of 0:12',
      'MathematicsIntroduction to SetsWatched to the end',
      'PhysicsMotion ExplainedStopped at 1:35',
    ]);
    expect(within(cards[0]!).getByRole('progressbar', { name: 'Watched 58%' })).toHaveAttribute('aria-valuenow', '58');
    expect(within(cards[2]!).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(cards[0]!.querySelector('img')).toHaveAttribute('src', '/media/videos/thumbnails/31.jpg');
    expect(calls.find((call) => call.path === '/Student/recently_watched')?.body).toEqual({
      stud_id: demoStudent.stud_id,
    });
  });

  it('plays a card in place of the grid from where the student stopped, and Back brings the grid back', async () => {
    mockApi({ '/Student/recently_watched': () => ok({ data: history }) });
    const { user } = renderApp('/history');
    await user.click(within(await grid()).getByRole('button', { name: /Structure of Atom/ }));

    expect(window.location.search).toBe('?playing=31');
    expect(screen.queryByRole('list', { name: 'Recently watched' })).not.toBeInTheDocument();
    const video = await loadedVideo();
    expect(video).toHaveAttribute('src', '/media/videos/31.webm');
    expect(video.currentTime).toBe(7);

    act(() => window.history.back());
    expect(await grid()).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });

  it('plays a topic downloaded for later from this device, not over the network', async () => {
    const key = await importDownloadKey(Buffer.alloc(32, 5).toString('base64url'));
    const me = demoStudent.stud_id;
    await inTransaction(['keys'], 'readwrite', (tx) =>
      requested(tx.objectStore('keys').put({ studentId: me, keyId: 'k', key })),
    );
    await writeFile(key, 'video:31', 'part-00000', new Uint8Array(1000));
    await saveItem({
      id: 'video:31',
      kind: 'video',
      title: 'Structure of Atom: Key Ideas',
      subtitle: 'Chemistry - A chapter',
      topicId: 31,
      step: 'original',
      mime: 'video/mp4',
      studentId: me,
      files: ['part-00000'],
      bytes: 1000,
      complete: true,
      savedAt: Date.now(),
    });
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/downloaded');
    URL.revokeObjectURL = vi.fn();
    try {
      mockApi({ '/Student/recently_watched': () => ok({ data: history }) });
      const { user } = renderApp('/history');
      await user.click(within(await grid()).getByRole('button', { name: /Structure of Atom/ }));
      expect(await screen.findByText('Playing your download from this device.')).toBeInTheDocument();
      expect(await loadedVideo()).toHaveAttribute('src', 'blob:http://localhost/downloaded#.mp4');

      // One not downloaded still plays over the network.
      act(() => window.history.back());
      await user.click(within(await grid()).getByRole('button', { name: /Introduction to Sets/ }));
      expect(await loadedVideo()).toHaveAttribute('src', '/media/videos/32.webm');
      expect(screen.queryByText('Playing your download from this device.')).not.toBeInTheDocument();
    } finally {
      await new Promise((resolve) => {
        const deletion = indexedDB.deleteDatabase('portal-downloads');
        deletion.onsuccess = deletion.onerror = resolve;
      });
    }
  });

  it('opens the player straight from an address carrying ?playing=', async () => {
    mockApi({ '/Student/recently_watched': () => ok({ data: history }) });
    const { user } = renderApp('/history?playing=32');
    expect(await screen.findByRole('figure')).toHaveTextContent('Mathematics · Introduction to Sets');
    await user.click(screen.getByRole('button', { name: 'Back to Recently Watched' }));
    expect(await grid()).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });

  it('shows the new position once the player closes after progress was reported', async () => {
    let position = 7;
    mockApi({
      '/Student/recently_watched': () => ok({ data: [{ ...history[0]!, position_seconds: position }] }),
      '/Student/watched': (call) => {
        position = (call.body as { position_seconds: number }).position_seconds;
        return ok(null);
      },
    });
    const { user } = renderApp('/history');
    await user.click(within(await grid()).getByRole('button', { name: /Structure of Atom/ }));
    const video = await loadedVideo();
    Object.defineProperty(video, 'paused', { configurable: true, value: false });
    video.currentTime = 9;
    fireEvent(video, new Event('timeupdate'));
    await user.click(screen.getByRole('button', { name: 'Back to Recently Watched' }));
    expect(await within(await grid()).findByText('Stopped at 0:09 of 0:12')).toBeInTheDocument();
  });

  it("reads 'Loading...', then 'No Data Available' when nothing was watched yet", async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    mockApi({ '/Student/recently_watched': () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/history');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    answer(ok({ data: [] }));
    expect(await screen.findByText('No Data Available')).toBeInTheDocument();
  });

  it("reads 'Something went wrong' with the server's message when the call fails", async () => {
    mockApi({ '/Student/recently_watched': () => refused(403, 'You can only see your own account.') });
    renderApp('/history');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(await screen.findByText('You can only see your own account.')).toBeInTheDocument();
  });
});
