import { type BodyInput, recordWatched } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { API_BASE_URL } from '../config/api.ts';
import { callApi } from '../lib/api-client.ts';
import { WATCH_EXIT_KEY } from '../lib/private-data.ts';
import { useSession } from '../lib/session-store.ts';

export type WatchProgress = BodyInput<typeof recordWatched>;

/** Query keys that carry watch positions (the history, the topic lists); their keys start with these. */
export const WATCHED_QUERY_KEYS = [['recently-watched'], ['topics']] as const;

/** Long enough for a reload on a slow phone; short enough never to send an old position over a newer one. */
const EXIT_REPORT_FRESH_MS = 60_000;

/**
 * The position the page before this one sent on its way out, if it was this student's and moments ago (it is
 * taken once). The app sends it again when it opens and refreshes the lists, so a reload from the player shows
 * the topic in Recently Watched even when the new page asked before the old page's request arrived.
 */
export function takeExitReport(studentId: number): WatchProgress | undefined {
  try {
    const stored = sessionStorage.getItem(WATCH_EXIT_KEY);
    sessionStorage.removeItem(WATCH_EXIT_KEY);
    if (!stored) return undefined;
    const { at, progress } = JSON.parse(stored) as { at: number; progress: WatchProgress };
    return Date.now() - at < EXIT_REPORT_FRESH_MS && Number(progress.stud_id) === studentId ? progress : undefined;
  } catch {
    return undefined;
  }
}

/** Saves how far the student got, through the one API client (errors, 401 sign-out). */
export const saveWatchProgress = (progress: WatchProgress) => callApi(recordWatched, progress);

/**
 * The same call for a page being hidden or closed: a keepalive request outlives the page, and unlike
 * navigator.sendBeacon it can carry the Token header. Nobody waits for its answer.
 */
export function sendWatchProgressOnExit(progress: WatchProgress) {
  const token = useSession.getState().token;
  if (!token) return;
  // A reload races this request: the new page may read Recently Watched before it lands (takeExitReport).
  try {
    sessionStorage.setItem(WATCH_EXIT_KEY, JSON.stringify({ at: Date.now(), progress }));
  } catch {
    // Storage full or refused: the keepalive request alone still carries it.
  }
  fetch(API_BASE_URL + recordWatched.path, {
    method: recordWatched.method,
    headers: { 'Content-Type': 'application/json', Token: token },
    body: JSON.stringify(progress),
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * Marks the lists with positions as out of date. While a video plays they only refetch when shown
 * again (`'none'`); when the player closes the list on screen refetches at once (`'active'`).
 */
export function invalidateWatched(queryClient: QueryClient, refetchType: 'none' | 'active') {
  for (const queryKey of WATCHED_QUERY_KEYS) void queryClient.invalidateQueries({ queryKey, refetchType });
}
