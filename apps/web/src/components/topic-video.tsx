import type { DownloadedVideo } from '../lib/downloads/find-downloaded-video.ts';
import { t } from '../i18n/language.ts';
import { useOnline } from '../lib/use-online.ts';
import { Loader } from './status-views.tsx';
import { usePrepareVideo, VideoPlayer } from './video-player/video-player.tsx';

interface TopicVideoProps {
  /** useDownloadedVideo's answer for this topic and student. */
  downloaded: DownloadedVideo | 'checking';
  topicId: number;
  /** The network's link, played when this device holds no download of the topic. */
  src: string;
  title: string;
  resumeAt: number | null;
}

/**
 * A topic's video wherever it is opened (its chapter's list, Recently Watched): from this device when it was
 * downloaded for later (docs/decisions/077), without a connection and without spending data; else over the network.
 */
export function TopicVideo({ downloaded, topicId, src, title, resumeAt }: TopicVideoProps) {
  // From the tap: the player's code and the stream's playlists, beside the look for a download.
  usePrepareVideo(src, useOnline());
  if (downloaded === 'checking') return <Loader />;
  const local = downloaded.status === 'ready' ? downloaded : undefined;
  return (
    <>
      <VideoPlayer
        key={topicId}
        topicId={topicId}
        src={local?.video.src ?? src}
        title={title}
        resumeAt={local?.queuedAt ?? resumeAt}
        hlsLoader={local?.video.loader}
        downloaded={local !== undefined}
      />
      {local ? <p className="text-sm text-slate-700">{t('Playing your download from this device.')}</p> : null}
    </>
  );
}
