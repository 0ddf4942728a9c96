import type { ComponentType } from 'react';
import table from './screens.json';

/**
 * Every screen of the signed-in app, declared once in screens.json: its route pattern (wouter's syntax), its module
 * under src/features/, and the first data call it makes (which scripts/write-boot-script.mjs starts for a returning
 * student before the app's code has arrived; screen-loaders.test.tsx checks that each screen makes that very call).
 */
export interface ScreenEntry {
  module: string;
  /** The API path of the screen's first call, and each body field's route parameter. */
  call?: string;
  from?: Record<string, string>;
  /** A path into that call's answer to the picture the screen shows first, its largest paint. */
  picture?: string;
}
export const screenTable: Record<string, ScreenEntry> = table;

type PageModule = { default: ComponentType };
// One chunk a page, as a written-out import() of each would give; the login page is not behind the sign-in.
const pages = import.meta.glob<PageModule>(['../features/*/*-page.tsx', '!../features/auth/*']);

/** Route pattern → the loader of its screen's module. */
export const screenLoaders: Record<string, () => Promise<PageModule>> = Object.fromEntries(
  Object.entries(screenTable).map(([pattern, { module }]) => {
    const load = pages[`../features/${module}.tsx`];
    if (!load) throw new Error(`screens.json: ${pattern} names ${module}, which is not a page under src/features`);
    return [pattern, load];
  }),
);
