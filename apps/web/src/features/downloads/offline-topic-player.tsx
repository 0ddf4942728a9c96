import { BackToList } from '../../components/video-player/back-to-list.tsx';
import { VideoPlayer } from '../../components/video-player/video-player.tsx';
import { Loader } from '../../components/status-views.tsx';
import type { DownloadItem } from '../../lib/downloads/download-db.ts';
import { queuedPosition, useDownloadedVideo } from '../../lib/downloads/use-downloaded-video.ts';
import { t } from '../../i18n/language.ts';

/** A downloaded video in the same player as online, read from this device; its progress is reported (or queued). */
export function OfflineTopicPlayer({ item, onClose }: { item: DownloadItem; onClose: () => void }) {
  const topicId = item.topicId ?? 0;
  const downloaded = useDownloadedVideo(topicId, item.studentId);
  return (
    <section aria-label={t('Video')} className="mx-auto flex max-w-5xl flex-col gap-3">
      <BackToList onClose={onClose}>{t('Back to downloads')}</BackToList>
      {downloaded.status === 'ready' ? (
        <VideoPlayer
          topicId={topicId}
          src={downloaded.video.src}
          title={item.title}
          // Where the student got to offline, not yet sent; else from the start.
          resumeAt={queuedPosition(item.studentId, topicId) ?? item.positionSeconds ?? null}
          hlsLoader={downloaded.video.loader}
          downloaded
        />
      ) : downloaded.status === 'checking' ? (
        <Loader />
      ) : (
        <p role="alert" className="font-semibold text-red-700">
          {t('This download cannot be opened on this device. Delete it and download it again.')}
        </p>
      )}
    </section>
  );
}
