import toast from 'react-hot-toast';
import { Page } from '../../components/layout/page.tsx';
import { ErrorPage, Loader } from '../../components/status-views.tsx';
import { deleteItem } from '../../lib/downloads/download-store.ts';
import type { DownloadItem } from '../../lib/downloads/download-db.ts';
import { formatBytes } from '../../lib/downloads/format-bytes.ts';
import { useOnline } from '../../lib/use-online.ts';
import { DownloadedItem } from './downloaded-item.tsx';
import { OfflineDocument } from './offline-document.tsx';
import OfflineTopicPlayer from './offline-topic-player.tsx';
import { BackToList } from '../../components/video-player/back-to-list.tsx';
import { usePlayingParam } from '../../components/video-player/use-playing-param.ts';
import { useDownloads } from './use-downloads.ts';
import { useOpenItem } from './use-open-item.ts';
import { t } from '../../i18n/language.ts';

/**
 * What this student downloaded (the Downloads page's content, loaded by downloads-page.tsx) on this device (docs/decisions/077): videos and PDFs with their sizes and the total;
 * each plays or opens here without a connection, and can be deleted. Needs no network at all.
 */
export default function DownloadsScreen() {
  const downloads = useDownloads();
  // A video plays as in the other lists (?playing={topic_id}); a document opens as ?open={item id}.
  const playing = usePlayingParam();
  const { openId, open, close } = useOpenItem();
  const openedId = playing.playingId ? `video:${playing.playingId}` : openId;
  const opened = downloads.data?.find((i) => i.id === openedId && i.complete);
  const openItem = (item: DownloadItem) => (item.topicId ? playing.open(item.topicId) : open(item.id));
  return (
    <Page title={t('Downloads')}>
      {downloads.isPending ? <Loader /> : null}
      {downloads.isError ? (
        <ErrorPage onRetry={() => void downloads.refetch()} retrying={downloads.isFetching} />
      ) : null}
      {opened?.kind === 'video' ? (
        <section aria-label={t('Video')} className="mx-auto flex max-w-5xl flex-col gap-3">
          <BackToList onClose={playing.close}>{t('Back to downloads')}</BackToList>
          <OfflineTopicPlayer item={opened} />
        </section>
      ) : null}
      {opened?.kind === 'material' ? <OfflineDocument item={opened} onClose={close} /> : null}
      {downloads.data && !opened ? <DownloadList items={downloads.data} onOpen={openItem} /> : null}
    </Page>
  );
}

function DownloadList({ items, onOpen }: { items: DownloadItem[]; onOpen: (item: DownloadItem) => void }) {
  const online = useOnline();
  const remove = (item: DownloadItem) =>
    deleteItem(item.id).then(
      () => toast.success(t('Deleted {title}', { title: item.title })),
      () => toast.error(t('It could not be deleted. Please try again.')),
    );
  const total = items.reduce((sum, item) => sum + item.bytes, 0);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      {online ? null : (
        <p role="status" className="rounded-md bg-slate-100 p-3 text-sm">
          {t('You are offline. Your downloads play and open here without a connection.')}
        </p>
      )}
      {items.length === 0 ? (
        <div className="flex min-h-48 flex-col items-center justify-center gap-2 text-center text-slate-600">
          <p className="text-lg font-semibold text-slate-800">{t('Nothing downloaded yet')}</p>
          <p>{t('Open a topic’s video and choose Download for later to watch it without a connection.')}</p>
        </div>
      ) : (
        <>
          <p className="font-medium" data-testid="downloads-total">
            {t('{count} downloads, {size} in all on this device', { count: items.length, size: formatBytes(total) })}
          </p>
          <ul aria-label={t('Downloads')} className="flex flex-col gap-3">
            {items.map((item) => (
              <DownloadedItem
                key={item.id}
                item={item}
                onOpen={() => onOpen(item)}
                onDelete={() => void remove(item)}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
