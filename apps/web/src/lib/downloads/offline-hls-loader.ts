import type { Loader, LoaderCallbacks, LoaderConfiguration, LoaderContext, LoaderStats } from 'hls.js';
import { freshStats } from '../hls-loader-stats.ts';

// hls.js reads a downloaded stream through this loader instead of the network (docs/decisions/077): the player and its
// controls stay the same, and every segment is decrypted only when hls.js asks for it.

/** The address the player is given for a downloaded stream; nothing fetches it, the loader reads the store. */
export const OFFLINE_PREFIX = '/offline/';
export const offlineAddress = (itemId: string, playlist: string) =>
  `${window.location.origin}${OFFLINE_PREFIX}${encodeURIComponent(itemId)}/${playlist}`;

/** A stored file by its name in the item (as the playlist names it). */
export type ReadStored = (name: string) => Promise<ArrayBuffer | undefined>;

const now = () => performance.now();

/** A loader class (hls.js's `loader` setting) that answers every request from `read`. */
export function offlineLoader(read: ReadStored) {
  return class OfflineLoader implements Loader<LoaderContext> {
    context: LoaderContext | null = null;
    stats: LoaderStats = freshStats();
    private stopped = false;

    load(context: LoaderContext, _config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>) {
      this.context = context;
      this.stats = freshStats();
      this.stats.loading.start = now();
      const name = decodeURIComponent(new URL(context.url).pathname.split('/').pop() ?? '');
      read(name).then(
        (data) => {
          if (this.stopped) return;
          const stats = this.stats;
          stats.loading.first = stats.loading.end = now();
          if (!data) {
            callbacks.onError({ code: 404, text: `${name} is not downloaded` }, context, null, stats);
            return;
          }
          const body = context.responseType === 'text' ? new TextDecoder().decode(data) : data;
          stats.loaded = stats.total = data.byteLength;
          callbacks.onSuccess({ url: context.url, data: body, code: 200 }, stats, context, null);
        },
        (error: unknown) => {
          if (this.stopped) return;
          callbacks.onError({ code: 500, text: String(error) }, context, null, this.stats);
        },
      );
    }

    abort() {
      this.stopped = true;
      this.stats.aborted = true;
    }

    destroy() {
      this.stopped = true;
      this.context = null;
    }
  };
}
