import { Suspense, useEffect, useState } from 'react';
import { Loader } from '../../components/status-views.tsx';
import type { DownloadItem } from '../../lib/downloads/download-db.ts';
import { readBytes } from '../../lib/downloads/read-download.ts';
import { preloadableLazy } from '../../lib/preloadable-lazy.tsx';
import { t } from '../../i18n/language.ts';

const DocumentViewer = preloadableLazy(() => import('../../components/document-viewer/document-viewer.tsx'));

/** A downloaded PDF in the portal's own viewer, decrypted into this page only. */
export function OfflineDocument({ item, onClose }: { item: DownloadItem; onClose: () => void }) {
  const [data, setData] = useState<Uint8Array<ArrayBuffer> | 'failed'>();
  useEffect(() => {
    let current = true;
    readBytes(item).then(
      (bytes) => current && setData(bytes),
      () => current && setData('failed'),
    );
    return () => {
      current = false;
    };
  }, [item]);
  if (data === 'failed')
    return (
      <p role="alert" className="font-semibold text-red-700">
        {t('This download cannot be opened on this device. Delete it and download it again.')}
      </p>
    );
  if (!data) return <Loader />;
  return (
    <Suspense fallback={<Loader />}>
      <DocumentViewer url={item.id} data={data} title={item.title} onClose={onClose} fileName={`${item.title}.pdf`} />
    </Suspense>
  );
}
