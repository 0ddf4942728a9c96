import { lazy, type ComponentType } from 'react';

/**
 * React.lazy that renders without suspending once its code is here. React reveals content that replaces a
 * Suspense fallback no sooner than 300 ms after the fallback appeared, so a screen whose code boot.js has
 * already fetched should skip the fallback: `preload()` before the first render makes that so. It resolves
 * to the whole module, for what else the module exports.
 */
export function preloadableLazy<P extends object, Exports extends object>(
  load: () => Promise<{ default: ComponentType<P> } & Exports>,
) {
  let loaded: ComponentType<P> | undefined;
  const preload = async () => {
    try {
      const module = await load();
      loaded = module.default;
      return module;
    } catch (error) {
      // React.lazy keeps a failed load for good: the next render gets a fresh one, so Try again can succeed.
      Lazy = lazy(preload);
      throw error;
    }
  };
  let Lazy = lazy(preload);
  function Preloadable(props: P) {
    // React reconciles a resolved lazy and its component as one type, so switching keeps the screen mounted.
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
