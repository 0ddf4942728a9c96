import { Suspense } from 'react';
import { PageLoading } from '../../components/layout/page.tsx';
import { preloadableLazy } from '../../lib/preloadable-lazy.tsx';

// The screen's code (the device's store, the list) comes in a chunk of its own: the route's own chunk, which the boot
// script and the route table name for every student's first load (apps/web/src/app/screens.json), stays this small and
// shares no new chunk with the topic list and the download panel (docs/decisions/077).
const DownloadsScreen = preloadableLazy(() => import('./downloads-screen.tsx'));

export default function DownloadsPage() {
  return (
    <Suspense fallback={<PageLoading />}>
      <DownloadsScreen />
    </Suspense>
  );
}
