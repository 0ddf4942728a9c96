import { useEffect, useState } from 'react';
import { queuedActions } from '../offline-queue.ts';
import { readItem } from './download-store.ts';
import type { DownloadItem } from './download-db.ts';
import { type OfflineVideo, openOfflineVideo } from './read-download.ts';
import { videoItemId } from './run-download.ts';

export type DownloadedVideo =
  | { status: 'checking' }
  | { status: 'none' }
  | { status: 'failed' }
  | { status: 'ready'; item: DownloadItem; video: OfflineVideo };

/**
 * The topic's downloaded video, if this device holds it complete for this student: what the player is given instead
 * of the network's link, so a downloaded topic plays without a connection (and without data) wherever it is opened.
 */
export function useDownloadedVideo(topicId: number, studentId: number): DownloadedVideo {
  const [state, setState] = useState<DownloadedVideo>({ status: 'checking' });
  useEffect(() => {
    let current = true;
    let opened: OfflineVideo | undefined;
    readItem(videoItemId(topicId))
      .then(async (item) => {
        if (!item?.complete || item.studentId !== studentId) return current && setState({ status: 'none' });
        const video = await openOfflineVideo(item).catch(() => undefined);
        if (!video) return current && setState({ status: 'failed' });
        opened = video;
        if (current) setState({ status: 'ready', item, video });
        else video.release();
      })
      // No store on this device (a private window): nothing is downloaded.
      .catch(() => current && setState({ status: 'none' }));
    return () => {
      current = false;
      opened?.release();
    };
  }, [topicId, studentId]);
  return state;
}

/** A position watched offline and not yet sent, which is newer than any the server gave. */
export function queuedPosition(studentId: number, topicId: number): number | undefined {
  for (const action of queuedActions(studentId))
    if (action.kind === 'record-watched' && Number(action.body.topic_id) === topicId)
      return action.body.position_seconds ?? undefined;
  return undefined;
}
