import 'fake-indexeddb/auto';
import type { Topic } from '@portal/contract';
import type { TopicDownload } from '@portal/contract/downloads';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api.ts';
import { demoStudent, renderApp } from '../../../test/render-app.tsx';
import { listItems } from '../../lib/downloads/download-store.ts';

// The topic's "Download for later" panel (docs/decisions/077): the steps and materials with their sizes, the total, and
// a download that ends in the device's store.

const topic: Topic = {
  topic_id: 21,
  topic_name: 'Introduction to Units',
  video_link: '/media/v/sig/ladders/x-1/master.m3u8',
  thumbnail: '',
  subject_name: 'Physics',
  chapter_name: 'Units',
  position_seconds: null,
  duration_seconds: 12,
};
const choices: TopicDownload = {
  topic_id: 21,
  topic_name: 'Introduction to Units',
  subject_name: 'Physics',
  chapter_name: 'Units',
  duration_seconds: 12,
  steps: [
    { name: '240p', height: 240, bytes: 2_400_000, link: '/media/v/sig/ladders/x-1/240p.m3u8' },
    { name: '360p', height: 360, bytes: 5_100_000, link: '/media/v/sig/ladders/x-1/360p.m3u8' },
  ],
  materials: [{ id: 5, title: 'Notes', bytes: 2, path: '/console/micros/Api/materials/5/notes.pdf' }],
};

afterEach(async () => {
  await new Promise((resolve) => {
    const deletion = indexedDB.deleteDatabase('portal-downloads');
    deletion.onsuccess = deletion.onerror = resolve;
  });
});

describe('Download for later', () => {
  it('shows each step and material with its size and the total, and stores what the student chose', async () => {
    let offered = choices;
    const calls = mockApi({
      '/Student/topics': () => ok([topic]),
      '/Student/topic_download': () => ok(offered),
      '/Student/download_key': () => ok({ key: Buffer.alloc(32, 3).toString('base64url'), key_id: 'abcdefabcdef' }),
      '/materials/5/notes.pdf': () => ({ status: 200, body: 1 }),
    });
    const { user } = renderApp('/topic/11?playing=21');
    await user.click(await screen.findByRole('button', { name: 'Download for later' }));
    const panel = await screen.findByRole('region', { name: 'Download for later' });
    const lowest = await within(panel).findByRole('radio', { name: '240p (lowest quality) · 2.3 MB' });
    expect(lowest).toBeChecked();
    expect(within(panel).getByRole('radio', { name: '360p · 4.9 MB' })).not.toBeChecked();
    expect(within(panel).getByTestId('download-total')).toHaveTextContent('Total: 2.3 MB');
    expect(calls.find((call) => call.path === '/Student/topic_download')?.body).toEqual({
      stud_id: demoStudent.stud_id,
      topic_id: 21,
    });

    await user.click(within(panel).getByRole('radio', { name: '360p · 4.9 MB' }));
    expect(within(panel).getByTestId('download-total')).toHaveTextContent('Total: 4.9 MB');

    // A video from another site: only the chapter's materials can be downloaded.
    offered = { ...choices, steps: [] };
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Download for later' }));
    const again = await screen.findByRole('region', { name: 'Download for later' });
    await within(again).findByText('This video plays from another site and cannot be downloaded.');
    expect(within(again).getByRole('button', { name: 'Download' })).toBeDisabled();
    await user.click(within(again).getByRole('checkbox', { name: 'Notes · 1 KB' }));
    await user.click(within(again).getByRole('button', { name: 'Download' }));
    await within(again).findByText('Downloaded. It plays and opens here without a connection.');
    expect(within(again).getByRole('link', { name: 'See your downloads' })).toHaveAttribute('href', '/downloads');
    const [stored] = await listItems(demoStudent.stud_id);
    expect(stored).toMatchObject({ id: 'material:5', kind: 'material', title: 'Notes', complete: true, bytes: 1 });
  });
});
