import { useEffect, useState } from 'react';
import { BackToList } from '../../components/video-player/back-to-list.tsx';
import { VideoPlayer } from '../../components/video-player/video-player.tsx';
import { Loader } from '../../components/status-views.tsx';
import type { DownloadItem } from '../../lib/downloads/download-db.ts';
import { type OfflineVideo, openOfflineVideo } from '../../lib/downloads/read-download.ts';
import { queuedActions } from '../../lib/offline-queue.ts';
import { t } from '../../i18n/language.ts';

/** Where the student got to: a position watched offline and not yet sent, else where they were when downloading. */
function resumeAt(item: DownloadItem): number | null {
  for (const action of queuedActions(item.studentId))
    if (action.kind === 'record-watched' && Number(action.body.topic_id) === item.topicId)
      return action.body.position_seconds ?? null;
  return item.positionSeconds ?? null;
}

/** A downloaded video in the same player as online, read from this device; its progress is reported (or queued). */
export function OfflineTopicPlayer({ item, onClose }: { item: DownloadItem; onClose: () => void }) {
  const [video, setVideo] = useState<OfflineVideo | 'failed'>();
  useEffect(() => {
    let current = true;
    let opened: OfflineVideo | undefined;
    openOfflineVideo(item).then(
      (found) => {
        opened = found;
        if (current) setVideo(found);
        else found.release();
      },
      () => current && setVideo('failed'),
    );
    return () => {
      current = false;
      opened?.release();
    };
  }, [item]);
  return (
    <section aria-label={t('Video')} className="mx-auto flex max-w-5xl flex-col gap-3">
      <BackToList onClose={onClose}>{t('Back to downloads')}</BackToList>
      {video === 'failed' ? (
        <p role="alert" className="font-semibold text-red-700">
          {t('This download cannot be opened on this device. Delete it and download it again.')}
        </p>
      ) : video ? (
        <VideoPlayer
          topicId={item.topicId ?? 0}
          src={video.src}
          title={item.title}
          resumeAt={resumeAt(item)}
          hlsLoader={video.loader}
          downloaded
        />
      ) : (
        <Loader />
      )}
    </section>
  );
}
