import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setLanguageLoaders } from '../src/i18n/language.ts';

// findBy… and waitFor wait for a condition; a screen's first lazy load transforms its modules, which on a busy
// 2-core machine (CI runs the web and API tests side by side) can take several seconds, not testing-library's 1 s.
configure({ asyncUtilTimeout: 10_000 });

// As main.tsx does: how the Hindi chunk loads.
setLanguageLoaders({ hi: async () => (await import('../src/i18n/hi.ts')).hindi });

// What jsdom lacks: matchMedia (the toaster asks about reduced motion; a screen without media features)
// and ResizeObserver (Headless UI's anchored menus watch their button).
window.matchMedia ??= (media: string) =>
  ({
    matches: false,
    media,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }) as unknown as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// jsdom's text track list is not an event target; the YouTube and Vimeo player elements listen to their list's changes when they load
// (asynchronously, so without this a test could end first or be hit by the TypeError after it passed).
if (
  typeof (document.createElement('video').textTracks as Partial<TextTrackList> | undefined)?.addEventListener !==
  'function'
) {
  const lists = new WeakMap<HTMLMediaElement, EventTarget>();
  Object.defineProperty(HTMLMediaElement.prototype, 'textTracks', {
    configurable: true,
    get(this: HTMLMediaElement) {
      let list = lists.get(this);
      if (!list) lists.set(this, (list = Object.assign(new EventTarget(), { length: 0 })));
      return list;
    },
  });
}

// A stray console.error (a React warning, a failed prop type) fails the test that caused it.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});
