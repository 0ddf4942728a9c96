import { afterEach, describe, expect, it } from 'vitest';
import { chooseDataSaver } from './data-saver.ts';
import { HLS_CONFIG, type HlsApi } from './ladder.ts';

// hls.js's slot is typed as its own class; this is the surface hls.js uses.
const CapController = HLS_CONFIG.capLevelController as unknown as new (hls: HlsApi) => { destroy(): void };

/** hls.js as far as the cap controller sees it: levels, the cap, and its events. */
function fakeHls() {
  const listeners = new Map<string, Set<() => void>>();
  const api: HlsApi & { emit(event: string): void; listening(): number } = {
    levels: [
      { height: 240, bitrate: 200_000 },
      { height: 360, bitrate: 450_000 },
      { height: 720, bitrate: 1_600_000 },
    ],
    currentLevel: -1,
    autoLevelCapping: -1,
    on: (event, listener) => void listeners.set(event, (listeners.get(event) ?? new Set()).add(listener)),
    off: (event, listener) => void listeners.get(event)?.delete(listener),
    emit: (event) => listeners.get(event)?.forEach((listener) => listener()),
    listening: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
  };
  return api;
}

// hls.js builds the controller with its instance and resets the cap when it loads a source: the cap must be set
// when the steps are known, before the player code has heard of the instance at all.
describe('the cap hls.js is built with', () => {
  afterEach(() => chooseDataSaver(false));

  it('holds the lowest step from the manifest on when Data saver is on', () => {
    chooseDataSaver(true);
    const hls = fakeHls();
    new CapController(hls);
    hls.emit('hlsManifestParsed');
    expect(hls.autoLevelCapping).toBe(0);
  });

  it('leaves every step open when Data saver is off, and lets go of hls.js when destroyed', () => {
    const hls = fakeHls();
    const cap = new CapController(hls);
    hls.emit('hlsManifestParsed');
    expect(hls.autoLevelCapping).toBe(-1);
    cap.destroy();
    expect(hls.listening()).toBe(0);
  });
});
