import 'fake-indexeddb/auto';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api.ts';
import { demoStudent, renderApp } from '../../../test/render-app.tsx';
import { loadedVideo, playTo } from '../../../test/video.ts';
import { importDownloadKey } from '../../lib/downloads/download-crypto.ts';
import { type DownloadItem, inTransaction, requested } from '../../lib/downloads/download-db.ts';
import { saveItem, writeFile } from '../../lib/downloads/download-store.ts';
import { OFFLINE_QUEUE_KEY } from '../../lib/private-data.ts';

// The Downloads screen (docs/decisions/077): every state, sizes and total, Delete, and a downloaded video played
// offline whose position waits in the queue until the connection returns.

const me = demoStudent.stud_id;

async function store(item: Partial<DownloadItem> & Pick<DownloadItem, 'id' | 'kind' | 'title'>, bytes: number) {
  const key = await importDownloadKey(Buffer.alloc(32, 5).toString('base64url'));
  await inTransaction(['keys'], 'readwrite', (tx) =>
    requested(tx.objectStore('keys').put({ studentId: me, keyId: 'k', key })),
  );
  await writeFile(key, item.id, 'part-00000', new Uint8Array(bytes));
  await saveItem({
    studentId: me,
    subtitle: 'Physics - Units',
    files: ['part-00000'],
    bytes,
    complete: true,
    savedAt: Date.now(),
    ...item,
  });
}

const video = {
  id: 'video:31',
  kind: 'video',
  title: 'Measuring length',
  topicId: 31,
  step: 'original',
  mime: 'video/mp4',
} as const;
const pdf = { id: 'material:5', kind: 'material', title: 'Notes', mime: 'application/pdf' } as const;

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/downloaded');
  URL.revokeObjectURL = vi.fn();
});
afterEach(async () => {
  await new Promise((resolve) => {
    const deletion = indexedDB.deleteDatabase('portal-downloads');
    deletion.onsuccess = deletion.onerror = resolve;
  });
});

describe('Downloads', () => {
  it('says when nothing is downloaded yet', async () => {
    mockApi({});
    renderApp('/downloads');
    expect(await screen.findByText('Nothing downloaded yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Downloads' })).toBeInTheDocument();
  });

  it('lists each download with its kind and size, and the total; Delete removes one', async () => {
    await store(video, 2_400_000);
    await store(pdf, 850_000);
    mockApi({});
    const { user } = renderApp('/downloads');
    const list = await screen.findByRole('list', { name: 'Downloads' });
    expect(
      within(list)
        .getAllByTestId('download-size')
        .map((size) => size.textContent),
    ).toEqual(expect.arrayContaining(['Video · original file · 2.3 MB', 'PDF · 830 KB']));
    expect(screen.getByTestId('downloads-total')).toHaveTextContent('2 downloads, 3.1 MB in all on this device');
    await user.click(screen.getByRole('button', { name: 'Delete Notes' }));
    await screen.findByText('1 downloads, 2.3 MB in all on this device');
    expect(screen.queryByRole('button', { name: 'Read Notes' })).not.toBeInTheDocument();
  });

  it('says so when the device cannot read its downloads, and Try again reads them', async () => {
    const open = vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('refused', 'InvalidStateError');
    });
    mockApi({});
    const { user } = renderApp('/downloads');
    await screen.findByText('Something went wrong');
    open.mockRestore();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing downloaded yet')).toBeInTheDocument();
  });

  it('plays a download offline in the same player; the position is queued and sent once back online', async () => {
    await store(video, 1000);
    const calls = mockApi({ '/Student/watched': () => ok(null) });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const { user } = renderApp('/downloads');
      expect(
        await screen.findByText('You are offline. Your downloads play and open here without a connection.'),
      ).toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'Play Measuring length' }));
      const player = await loadedVideo();
      expect(player.getAttribute('src')).toBe('blob:http://localhost/downloaded#.mp4');
      expect(player.currentTime).toBe(0);
      playTo(player, 5);
      fireEvent(player, new Event('pause'));
      await vi.waitFor(() => expect(localStorage.getItem(OFFLINE_QUEUE_KEY)).toContain('"position_seconds":5'));
      expect(calls.filter((call) => call.path === '/Student/watched')).toEqual([]);

      onLine.mockReturnValue(true);
      act(() => void window.dispatchEvent(new Event('online')));
      await vi.waitFor(() =>
        expect(calls.find((call) => call.path === '/Student/watched')?.body).toEqual({
          stud_id: me,
          topic_id: 31,
          position_seconds: 5,
          duration_seconds: 12,
        }),
      );
      await vi.waitFor(() => expect(localStorage.getItem(OFFLINE_QUEUE_KEY)).toBeNull());
    } finally {
      onLine.mockRestore();
    }
  });
});
