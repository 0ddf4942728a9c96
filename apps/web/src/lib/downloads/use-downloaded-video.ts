import { useEffect, useState } from 'react';
import type { DownloadedVideo } from './find-downloaded-video.ts';

/**
 * The topic's downloaded video, if this device holds it (docs/decisions/077). The store's code is imported when a
 * topic opens, not with the topic list, so the list's chunk shares nothing new with the Downloads screen.
 */
export function useDownloadedVideo(topicId: number, studentId: number): DownloadedVideo | 'checking' {
  const [state, setState] = useState<DownloadedVideo | 'checking'>('checking');
  useEffect(() => {
    let current = true;
    let found: DownloadedVideo | undefined;
    void import('./find-downloaded-video.ts')
      .then(({ findDownloadedVideo }) => findDownloadedVideo(topicId, studentId))
      .catch((): DownloadedVideo => ({ status: 'none' }))
      .then((video) => {
        found = video;
        if (current) setState(video);
        else if (video.status === 'ready') video.video.release();
      });
    return () => {
      current = false;
      if (found?.status === 'ready') found.video.release();
    };
  }, [topicId, studentId]);
  return state;
}
