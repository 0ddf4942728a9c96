import { useEffect, useState } from 'react';
import { VideoPlayer } from '../../components/video-player/video-player.tsx';
import { Loader } from '../../components/status-views.tsx';
import type { DownloadItem } from '../../lib/downloads/download-db.ts';
import { type OfflineVideo, openOfflineVideo } from '../../lib/downloads/read-download.ts';
import { queuedPosition } from '../../lib/downloads/queued-position.ts';
import { t } from '../../i18n/language.ts';

/**
 * A downloaded video in the same player as online, read from this device; its progress is reported (or queued).
 * Loaded when one is played, so the Downloads list itself stays light (docs/decisions/077).
 */
export default function OfflineTopicPlayer({ item }: { item: DownloadItem }) {
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
  const topicId = item.topicId ?? 0;
  if (video === 'failed')
    return (
      <p role="alert" className="font-semibold text-red-700">
        {t('This download cannot be opened on this device. Delete it and download it again.')}
      </p>
    );
  if (!video) return <Loader />;
  return (
    <VideoPlayer
      topicId={topicId}
      src={video.src}
      title={item.title}
      // Where the student got to offline, not yet sent; else from the start.
      resumeAt={queuedPosition(item.studentId, topicId) ?? item.positionSeconds ?? null}
      hlsLoader={video.loader}
      downloaded
    />
  );
}
