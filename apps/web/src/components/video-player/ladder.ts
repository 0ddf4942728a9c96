import type { CapLevelController, HlsConfig } from 'hls.js';
import { dataSaverOn } from './data-saver.ts';
import { HeadStartLoader } from './head-start-loader.ts';

// hls.js as the player's HLS element holds it (`element.api`), seen through the few members used here, so that this
// file costs no import of hls.js (it arrives with the player, lazily).

interface Level {
  height: number;
  bitrate: number;
}

export interface HlsApi {
  levels: Level[];
  currentLevel: number;
  autoLevelCapping: number;
  config?: { loader?: unknown };
  on(event: string, listener: () => void): void;
  off(event: string, listener: () => void): void;
}

/** hls.js's own event names (Hls.Events.MANIFEST_PARSED, LEVEL_SWITCHED). */
const MANIFEST_PARSED = 'hlsManifestParsed';
const LEVEL_SWITCHED = 'hlsLevelSwitched';

/**
 * Data saver's cap from the moment hls.js knows the steps: hls.js's documented slot for the controller that caps the
 * steps (`config.capLevelController`, whose stock class caps to the player's size, which is not used here). The
 * player hears of the hls.js instance only at its first media event, and on a fast line hls.js has chosen its second
 * segment's step by then; this class is built with the instance, and sets the cap when the manifest is parsed,
 * before any step is chosen by measure (docs/decisions/074).
 */
class DataSaverCap {
  private readonly hls: HlsApi;
  private readonly apply = () => applyDataSaver(this.hls, dataSaverOn());
  constructor(hls: HlsApi) {
    this.hls = hls;
    hls.on(MANIFEST_PARSED, this.apply);
  }
  // The rest of the stock controller's surface that hls.js calls.
  setStreamController() {}
  startCapping() {}
  stopCapping() {}
  destroy() {
    this.hls.off(MANIFEST_PARSED, this.apply);
  }
}

/** What hls.js starts with: the lowest step, before it has measured the line (docs/decisions/074). */
export const HLS_CONFIG = {
  startLevel: 0,
  // The guess of the line's speed before anything is measured: a 2G/3G line, not hls.js's 500 kbit/s.
  abrEwmaDefaultEstimate: 300_000,
  // hls.js types the slot as its own class; it calls only the methods above (hls.js 1.7.4, pinned in apps/web/package.json).
  capLevelController: DataSaverCap as unknown as typeof CapLevelController,
  // Playlists and segments the head start fetched beside the player's code are answered from it (head-start.ts).
  pLoader: HeadStartLoader,
  fLoader: HeadStartLoader,
} satisfies Partial<HlsConfig>;

export const hlsOf = (element: unknown): HlsApi | undefined => {
  const api = (element as { api?: unknown } | null)?.api;
  return api && typeof (api as HlsApi).on === 'function' ? (api as HlsApi) : undefined;
};

/** The step playing, as "240p", or undefined for a stream of one step (or before one is chosen). */
export function stepName(api: HlsApi): string | undefined {
  if (api.levels.length < 2) return undefined;
  const level = api.levels[api.currentLevel];
  return level ? `${level.height}p` : undefined;
}

/** Keeps hls.js on its lowest step while `saving`, free to climb otherwise. */
export function applyDataSaver(api: HlsApi, saving: boolean) {
  const cap = saving ? 0 : -1;
  if (api.autoLevelCapping !== cap) api.autoLevelCapping = cap;
}

const started = new WeakSet<HlsApi>();

/**
 * Starts a ladder's video, once, when hls.js has parsed its manifest and the element is in the page. The player does
 * this rather than the HLS element's `autoplay`, which plays at the manifest wherever the element is: with the head
 * start (head-start.ts) the manifest can come before React has put the element in the page, and the browser then
 * refuses play() ("the media was removed from the document") and sends a `pause`.
 */
export function startOnce(element: unknown, api: HlsApi) {
  const media = element as HTMLVideoElement;
  if (started.has(api) || !media.isConnected || api.levels.length === 0) return;
  started.add(api);
  if (media.paused) media.play().catch(() => undefined);
}

const watched = new WeakSet<HlsApi>();

/**
 * Follows an hls.js instance once: `changed` hears every switch of step and the manifest's arrival, when the cap of
 * Data saver is (re)applied by the caller.
 */
export function watchLadder(api: HlsApi, changed: () => void) {
  if (watched.has(api)) return;
  watched.add(api);
  api.on(MANIFEST_PARSED, changed);
  api.on(LEVEL_SWITCHED, changed);
}
