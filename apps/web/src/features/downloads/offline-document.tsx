import { Suspense, useEffect, useState } from 'react';
import { Loader } from '../../components/status-views.tsx';
import type { DownloadItem } from '../../lib/downloads/download-db.ts';
import { readWhole } from '../../lib/downloads/read-download.ts';
import { preloadableLazy } from '../../lib/preloadable-lazy.tsx';
import { t } from '../../i18n/language.ts';

const DocumentViewer = preloadableLazy(() => import('../../components/document-viewer/document-viewer.tsx'));

/** A downloaded PDF in the portal's own viewer, decrypted into this page only. */
export function OfflineDocument({ item, onClose }: { item: DownloadItem; onClose: () => void }) {
  const [url, setUrl] = useState<string | 'failed'>();
  useEffect(() => {
    let current = true;
    let made: string | undefined;
    readWhole(item).then(
      (blob) => {
        made = URL.createObjectURL(blob);
        if (current) setUrl(made);
        else URL.revokeObjectURL(made);
      },
      () => current && setUrl('failed'),
    );
    return () => {
      current = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [item]);
  if (url === 'failed')
    return (
      <p role="alert" className="font-semibold text-red-700">
        {t('This download cannot be opened on this device. Delete it and download it again.')}
      </p>
    );
  if (!url) return <Loader />;
  return (
    <Suspense fallback={<Loader />}>
      <DocumentViewer url={url} title={item.title} onClose={onClose} fileName={`${item.title}.pdf`} />
    </Suspense>
  );
}
