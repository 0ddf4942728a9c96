import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * Fetches now, while online, the code a download needs offline: the player with hls.js, the document viewer with
 * pdf.js and its worker. They are too large to be precached at install (docs/decisions/035); the service worker keeps
 * each once fetched (its `assets` cache), so the download then plays or opens with no connection.
 */
export function warmOfflineCode({ video, pdf }: { video: boolean; pdf: boolean }) {
  const quietly = (load: () => Promise<unknown>) => void load().catch(() => undefined);
  if (video) {
    quietly(() => import('react-player'));
    quietly(() => import('hls.js'));
    quietly(() => import('hls-video-element/react'));
  }
  if (pdf) {
    quietly(() => import('../document-viewer/document-viewer.tsx'));
    quietly(() => fetch(workerUrl));
  }
}
