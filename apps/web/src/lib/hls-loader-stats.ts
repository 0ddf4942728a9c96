import type { LoaderStats } from 'hls.js';

/** A loader's figures before its first byte, as hls.js's own loaders start them (what its bandwidth estimate reads). */
export const freshStats = (): LoaderStats => ({
  aborted: false,
  loaded: 0,
  retry: 0,
  total: 0,
  chunkCount: 0,
  bwEstimate: 0,
  loading: { start: 0, first: 0, end: 0 },
  parsing: { start: 0, end: 0 },
  buffering: { start: 0, first: 0, end: 0 },
});
