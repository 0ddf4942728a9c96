/**
 * Everything this device keeps for one signed-in student, beyond the session itself: cleared at Logout (and
 * whenever the session ends or changes hands), so nothing of theirs is ever shown to the next person.
 */
export const QUERY_CACHE_KEY = 'portal-query-cache';
export const OFFLINE_QUEUE_KEY = 'portal-offline-queue';
/** Quiz answers chosen but not yet submitted (features/quizzes/answers-store.ts). */
export const QUIZ_ANSWERS_KEY = 'quizAnswers';
const PRIVATE_KEYS = [QUERY_CACHE_KEY, OFFLINE_QUEUE_KEY, QUIZ_ANSWERS_KEY];
/** The last watch position sent as a page closed, in sessionStorage for the next page (api/record-watched.ts). */
export const WATCH_EXIT_KEY = 'portal-watch-exit';
/** The service worker's runtime cache of pictures (scripts/write-service-worker.mjs). */
const PRIVATE_CACHES = ['media-images'];

export function clearPrivateData() {
  for (const key of PRIVATE_KEYS) localStorage.removeItem(key);
  sessionStorage.removeItem(WATCH_EXIT_KEY);
  // Downloads for later and the student's key for them (lib/downloads/download-db.ts, docs/decisions/077). Its open
  // connections close themselves when asked (versionchange), so the deletion goes through at once.
  globalThis.indexedDB?.deleteDatabase('portal-downloads');
  if ('caches' in window) for (const name of PRIVATE_CACHES) void caches.delete(name).catch(() => undefined);
  // The device's push subscription was the student's (the server dropped it with the session): the next person
  // signed in here is not reminded of their classes, and turns reminders on for themselves (decision 075).
  void navigator.serviceWorker
    ?.getRegistration()
    .then((worker) => worker?.pushManager?.getSubscription())
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => undefined);
}
