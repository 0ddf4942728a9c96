import { useSyncExternalStore } from 'react';

/** Tailwind's `md` breakpoint: from here on the screen counts as medium or wider. */
const WIDE = '(min-width: 48rem)';

const query = () => (typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : null);

const subscribe = (onChange: () => void) => {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
};

/** Whether the screen is medium or wider; follows resizes and rotations. Without matchMedia: small. */
export const useWideScreen = () => useSyncExternalStore(subscribe, () => query()?.matches ?? false);
