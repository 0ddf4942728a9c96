import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { QUERY_CACHE_KEY } from '../lib/private-data.ts';
import { useSession } from '../lib/session-store.ts';

/** The saved answers stay under this many characters (about 2 MB as UTF-16 in local storage's 5 MB). */
export const QUERY_CACHE_MAX_CHARS = 1_000_000;
/** Saved answers older than this are not shown offline. */
export const QUERY_CACHE_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
const SAVE_AFTER_MS = 1000;

/** What local storage holds: the cache's answers, when, and for whom. */
export interface SavedQueries {
  timestamp: number;
  buster: string;
  clientState: DehydratedState;
}

/** Saved answers belong to one student: another's (never expected, Logout clears them) are not restored. */
const busterOf = (studentId: number) => `student-${studentId}`;

/** Drops the least recently updated answers until the whole fits the bound. */
export function serializeBounded(saved: SavedQueries, maxChars = QUERY_CACHE_MAX_CHARS): string {
  const queries = [...saved.clientState.queries].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  for (;;) {
    const text = JSON.stringify({ ...saved, clientState: { queries, mutations: [] } });
    if (text.length <= maxChars || queries.length === 0) return text;
    queries.pop();
  }
}

/**
 * Puts the saved answers back into the cache before the first render (synchronously: local storage), so a
 * returning student sees the last data at once, offline too.
 */
export function restoreSavedQueries(queryClient: QueryClient, studentId: number) {
  try {
    const saved = JSON.parse(localStorage.getItem(QUERY_CACHE_KEY) ?? 'null') as SavedQueries | null;
    const fresh =
      saved && saved.buster === busterOf(studentId) && Date.now() - saved.timestamp < QUERY_CACHE_MAX_AGE_MS;
    if (fresh) hydrate(queryClient, saved.clientState);
    else localStorage.removeItem(QUERY_CACHE_KEY);
  } catch {
    localStorage.removeItem(QUERY_CACHE_KEY);
  }
}

/**
 * Saves the cache's successful answers a second after it changes; returns the function that stops. Written
 * only while a session is on: a save that was pending when the student logged out must not bring them back.
 * (TanStack's own persister packages pin an older query-core, which would ship a second copy of it.)
 */
export function saveQueriesOnDevice(queryClient: QueryClient, studentId: number): () => void {
  let timer: number | undefined;
  const save = () => {
    timer = undefined;
    if (!useSession.getState().token) return;
    const saved: SavedQueries = {
      timestamp: Date.now(),
      buster: busterOf(studentId),
      clientState: dehydrate(queryClient),
    };
    try {
      localStorage.setItem(QUERY_CACHE_KEY, serializeBounded(saved));
    } catch {
      localStorage.removeItem(QUERY_CACHE_KEY); // Storage full: better nothing than a stale half.
    }
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(() => {
    timer ??= window.setTimeout(save, SAVE_AFTER_MS);
  });
  return () => {
    unsubscribe();
    window.clearTimeout(timer);
  };
}
