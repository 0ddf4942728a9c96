import toast from 'react-hot-toast';
import { Page } from '../../components/layout/page.tsx';
import { ErrorPage, Loader } from '../../components/status-views.tsx';
import { deleteItem } from '../../lib/downloads/download-store.ts';
import type { DownloadItem } from '../../lib/downloads/download-db.ts';
import { formatBytes } from '../../lib/downloads/format-bytes.ts';
import { useOnline } from '../../lib/use-online.ts';
import { DownloadedItem } from './downloaded-item.tsx';
import { OfflineDocument } from './offline-document.tsx';
import { OfflineTopicPlayer } from './offline-topic-player.tsx';
import { useDownloads } from './use-downloads.ts';
import { useOpenItem } from './use-open-item.ts';
import { t } from '../../i18n/language.ts';

/**
 * What this student downloaded on this device (docs/decisions/077): videos and PDFs with their sizes and the total;
 * each plays or opens here without a connection, and can be deleted. Needs no network at all.
 */
export default function DownloadsPage() {
  const downloads = useDownloads();
  const { openId, open, close } = useOpenItem();
  const opened = downloads.status === 'ready' ? downloads.items.find((i) => i.id === openId && i.complete) : undefined;
  return (
    <Page title={t('Downloads')}>
      {downloads.status === 'loading' ? <Loader /> : null}
      {downloads.status === 'error' ? <ErrorPage onRetry={downloads.retry} /> : null}
      {opened?.kind === 'video' ? <OfflineTopicPlayer item={opened} onClose={close} /> : null}
      {opened?.kind === 'material' ? <OfflineDocument item={opened} onClose={close} /> : null}
      {downloads.status === 'ready' && !opened ? <DownloadList items={downloads.items} onOpen={open} /> : null}
    </Page>
  );
}

function DownloadList({ items, onOpen }: { items: DownloadItem[]; onOpen: (id: string) => void }) {
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
                onOpen={() => onOpen(item.id)}
                onDelete={() => void remove(item)}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
