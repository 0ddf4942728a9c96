import { lazy, type ComponentType } from 'react';

/**
 * A screen's code is tried again as TanStack Query tries a data call (spec section 9): 3 more times, 1 s, 2 s,
 * 4 s apart (capped at 30 s), and not while offline. The delay is an object's member so a test can shorten it.
 */
export const codeRetry = { times: 3, delayMs: (failures: number) => Math.min(1000 * 2 ** (failures - 1), 30_000) };

/** How each screen whose code failed to load gets a fresh start. */
const failedScreens = new Set<() => void>();

/**
 * The next render of every screen whose code failed to load tries once more. Called when the student asks
 * (Try again), when the connection comes back, and on another address (components/code-load-boundary.tsx).
 */
export function retryFailedCode() {
  for (const reset of failedScreens) reset();
  failedScreens.clear();
}

async function withRetries<T>(load: () => Promise<T>, retries: number): Promise<T> {
  for (let failures = 1; ; failures++) {
    try {
      return await load();
    } catch (error) {
      if (failures > retries || !navigator.onLine) throw error;
      await new Promise((resolve) => setTimeout(resolve, codeRetry.delayMs(failures)));
    }
  }
}

/**
 * React.lazy that renders without suspending once its code is here. React reveals content that replaces a
 * Suspense fallback no sooner than 300 ms after the fallback appeared, so a screen whose code boot.js has
 * already fetched should skip the fallback: `preload()` before the first render makes that so. It resolves
 * to the whole module, for what else the module exports. Loads at the same time share one request.
 */
export function preloadableLazy<P extends object, Exports extends object>(
  load: () => Promise<{ default: ComponentType<P> } & Exports>,
) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> } & Exports> | undefined;
  // After the first load and its retries failed, each new try (Try again, back online) is one request.
  let retries = codeRetry.times;
  const preload = () =>
    (loading ??= withRetries(load, retries).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        retries = 0;
        // React.lazy keeps a failed load for good, so Try again needs a fresh one; but only once asked for: React
        // draws a suspended screen again when its load settles, and a fresh lazy there would load again, for ever.
        failedScreens.add(() => (Lazy = lazy(preload)));
        throw error;
      },
    ));
  let Lazy = lazy(preload);
  function Preloadable(props: P) {
    // React reconciles a resolved lazy and its component as one type, so switching keeps the screen mounted.
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
