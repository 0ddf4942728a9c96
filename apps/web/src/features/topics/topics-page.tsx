import type { Topic } from '@portal/contract';
import { Suspense, useState } from 'react';
import { useParams } from 'wouter';
import { Page } from '../../components/layout/page.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { TileList } from '../../components/tile-list.tsx';
import { TopicVideo } from '../../components/topic-video.tsx';
import { BackToList } from '../../components/video-player/back-to-list.tsx';
import { usePlayingParam } from '../../components/video-player/use-playing-param.ts';
import { clock, isFinished } from '../../components/video-player/watch-time.ts';
import { Loader } from '../../components/status-views.tsx';
import { preloadableLazy } from '../../lib/preloadable-lazy.tsx';
import { numericParam } from '../../lib/route-params.ts';
import { useOnline } from '../../lib/use-online.ts';
import { useStudentId } from '../../lib/session-store.ts';
import { useDownloadedVideo } from '../../lib/downloads/use-downloaded-video.ts';
import { useTopics } from './api/get-topics.ts';
import { t } from '../../i18n/language.ts';

/** A chapter's topics; choosing one hides the list and plays its video (Back shows the list again). */
export default function TopicsPage() {
  const chapterId = numericParam(useParams<{ chapterId: string }>().chapterId);
  const topics = useTopics(chapterId);
  const { playingId, open, close } = usePlayingParam();
  const first = topics.data?.[0];
  return (
    <Page title={first ? `${first.subject_name} - ${first.chapter_name}` : t('Topics')}>
      <QueryView query={topics}>
        {(list) => {
          const playing = list.find((topic) => topic.topic_id === playingId);
          if (playing) return <TopicPlayer topic={playing} onClose={close} />;
          return (
            <TileList
              label={t('Topics')}
              items={list.map((topic) => ({
                key: topic.topic_id,
                title: topic.topic_name,
                thumbnail: topic.thumbnail || undefined,
                subtitle: resumeHint(topic),
                onSelect: () => open(topic.topic_id),
              }))}
            />
          );
        }}
      </QueryView>
    </Page>
  );
}

// Download for later (docs/decisions/077): its code, with the device's encrypted store, arrives when asked for.
const DownloadPanel = preloadableLazy(() => import('../../components/download-panel/download-panel.tsx'));

function TopicPlayer({ topic, onClose }: { topic: Topic; onClose: () => void }) {
  const online = useOnline();
  const [downloading, setDownloading] = useState(false);
  // A topic downloaded for later plays from this device: without a connection, and without spending data.
  const downloaded = useDownloadedVideo(topic.topic_id, useStudentId());
  return (
    <section aria-label={t('Video')} className="mx-auto flex max-w-5xl flex-col gap-3">
      <BackToList onClose={onClose}>{t('Back to topics')}</BackToList>
      <TopicVideo
        downloaded={downloaded}
        topicId={topic.topic_id}
        src={topic.video_link}
        title={topic.topic_name}
        resumeAt={topic.position_seconds}
      />
      {downloading ? (
        <Suspense fallback={<Loader />}>
          <DownloadPanel topicId={topic.topic_id} onClose={() => setDownloading(false)} />
        </Suspense>
      ) : online && (downloaded === 'checking' || downloaded.status !== 'ready') ? (
        <button
          type="button"
          onClick={() => setDownloading(true)}
          className="min-h-11 self-start rounded-md border border-slate-300 bg-white px-4 font-medium hover:border-blue-400"
        >
          {t('Download for later')}
        </button>
      ) : null}
    </section>
  );
}

/** Under a topic the student has started: where it will resume, or that it was watched to the end. */
function resumeHint(topic: Topic): string | undefined {
  const at = topic.position_seconds;
  if (!at) return undefined;
  if (isFinished(at, topic.duration_seconds)) return t('Watched');
  return t('Resume at {at}', { at: clock(at) });
}
