import type { WatchedTopic } from '@portal/contract';
import { CardGrid } from '../../components/card-grid.tsx';
import { Page } from '../../components/layout/page.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { BackToList } from '../../components/video-player/back-to-list.tsx';
import { usePlayingParam } from '../../components/video-player/use-playing-param.ts';
import { TopicVideo } from '../../components/topic-video.tsx';
import { useDownloadedVideo } from '../../lib/downloads/use-downloaded-video.ts';
import { useStudentId } from '../../lib/session-store.ts';
import { useRecentlyWatched } from './api/get-recently-watched.ts';
import { WatchedDetails } from './watched-details.tsx';
import { t } from '../../i18n/language.ts';

/**
 * Recently Watched: newest first. A card adds ?playing={topic_id} and plays that video in place of the
 * grid, from where the student stopped; when the parameter goes (Back), the grid returns.
 */
export default function HistoryPage() {
  const history = useRecentlyWatched();
  const { playingId, open, close } = usePlayingParam();
  return (
    <Page title={t('Recently Watched')}>
      <QueryView query={history}>
        {(items) => {
          const playing = items.find((item) => item.topic_id === playingId);
          if (playing) return <HistoryPlayer item={playing} onClose={close} />;
          return (
            <CardGrid
              label={t('Recently watched')}
              items={items.map((item) => ({
                key: item.topic_id,
                title: item.subject_name,
                thumbnail: item.thumbnail,
                details: <WatchedDetails item={item} />,
                onSelect: () => open(item.topic_id),
              }))}
            />
          );
        }}
      </QueryView>
    </Page>
  );
}

function HistoryPlayer({ item, onClose }: { item: WatchedTopic; onClose: () => void }) {
  // A topic downloaded for later plays from this device here too (docs/decisions/077).
  const downloaded = useDownloadedVideo(item.topic_id, useStudentId());
  return (
    <section aria-label={t('Video')} className="mx-auto flex max-w-5xl flex-col gap-3">
      <BackToList onClose={onClose}>{t('Back to Recently Watched')}</BackToList>
      <TopicVideo
        downloaded={downloaded}
        topicId={item.topic_id}
        src={item.video_link}
        title={`${item.subject_name} · ${item.topic_name}`}
        resumeAt={item.position_seconds}
      />
    </section>
  );
}
