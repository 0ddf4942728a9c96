import type { HlsConfig, Loader, LoaderCallbacks, LoaderConfiguration, LoaderContext, LoaderStats } from 'hls.js';
import { type Fetched, takeHeadStart } from './head-start.ts';

/**
 * hls.js's loader for playlists and segments (its documented `pLoader` and `fLoader` slots): a file the head start
 * (head-start.ts) has fetched, or is fetching, is answered from it; anything else, and anything the head start failed
 * to fetch, goes to the loader hls.js would have used (`config.loader`: the network's, or a download's own, which the
 * head start never has files for). Types only from hls.js: its code arrives with the player.
 */
export class HeadStartLoader<T extends LoaderContext = LoaderContext> implements Loader<T> {
  context: T | null = null;
  private readonly fallback: Loader<T>;
  /** While the head start's file is awaited: how to stop waiting, and whom to tell of an abort. */
  private waiting: { stop(): void; callbacks: LoaderCallbacks<T> } | undefined;

  constructor(config: HlsConfig) {
    this.fallback = new config.loader(config) as Loader<T>;
  }

  // One stats object, the fallback's: hls.js keeps the one it finds after construction as the fragment's.
  get stats(): LoaderStats {
    return this.fallback.stats;
  }
  set stats(stats: LoaderStats) {
    this.fallback.stats = stats;
  }

  load(context: T, config: LoaderConfiguration, callbacks: LoaderCallbacks<T>) {
    this.context = context;
    const ahead = context.rangeEnd ? undefined : takeHeadStart(context.url);
    if (!ahead) {
      this.fallback.load(context, config, callbacks);
      return;
    }
    this.stats.loading.start = performance.now();
    // Waits no longer than hls.js would for the network; then fetches it afresh, as hls.js would after a timeout.
    const timer = setTimeout(ahead.cancel, config.loadPolicy.maxLoadTimeMs);
    let current = true;
    this.waiting = {
      stop: () => {
        current = false;
        clearTimeout(timer);
        ahead.cancel();
      },
      callbacks,
    };
    void ahead.file.then((file) => {
      clearTimeout(timer);
      if (!current) return;
      this.waiting = undefined;
      if (file) {
        this.answer(file, context, callbacks);
        return;
      }
      this.stats.loading.start = 0;
      this.fallback.load(context, config, callbacks);
    });
  }

  private answer(file: Fetched, context: T, callbacks: LoaderCallbacks<T>) {
    const stats = this.stats;
    // The transfer took as long as it took, but ends now for hls.js: its bandwidth estimate (its ABR) measures from
    // `loading.start` to when it parsed the file, and should not count the time the file waited for hls.js.
    const now = performance.now();
    const shift = now - file.end;
    stats.loading.start = file.start + shift;
    stats.loading.first = file.first + shift;
    stats.loading.end = now;
    stats.loaded = stats.total = file.body.byteLength;
    stats.bwEstimate = (stats.total * 8000) / Math.max(stats.loading.end - stats.loading.first, 1);
    const data = context.responseType === 'text' ? new TextDecoder().decode(file.body) : file.body;
    // As hls.js's own loader does: a fragment's data goes to the progress callback, then success is reported.
    callbacks.onProgress?.(stats, context, data, null);
    callbacks.onSuccess({ url: file.url, data, code: 200 }, stats, context, null);
  }

  abort() {
    const waiting = this.waiting;
    if (!waiting) {
      this.fallback.abort();
      return;
    }
    this.waiting = undefined;
    waiting.stop();
    this.stats.aborted = true;
    if (this.context) waiting.callbacks.onAbort?.(this.stats, this.context, null);
  }

  destroy() {
    this.waiting?.stop();
    this.waiting = undefined;
    this.context = null;
    this.fallback.destroy();
  }

  getCacheAge() {
    return this.fallback.getCacheAge?.() ?? null;
  }

  getResponseHeader(name: string) {
    return this.fallback.getResponseHeader?.(name) ?? null;
  }
}
