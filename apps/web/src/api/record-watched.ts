import { type BodyInput, recordWatched } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { API_BASE_URL } from '../config/api.ts';
import { callApi } from '../lib/api-client.ts';
import { useSession } from '../lib/session-store.ts';

export type WatchProgress = BodyInput<typeof recordWatched>;

/** Query keys that carry watch positions (the history, the topic lists); their keys start with these. */
export const WATCHED_QUERY_KEYS = [['recently-watched'], ['topics']] as const;

/** Saves how far the student got, through the one API client (errors, 401 sign-out). */
export const saveWatchProgress = (progress: WatchProgress) => callApi(recordWatched, progress);

/**
 * The same call for a page being hidden or closed: a keepalive request outlives the page, and unlike
 * navigator.sendBeacon it can carry the Token header. Nobody waits for its answer.
 */
export function sendWatchProgressOnExit(progress: WatchProgress) {
  const token = useSession.getState().token;
  if (!token) return;
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
