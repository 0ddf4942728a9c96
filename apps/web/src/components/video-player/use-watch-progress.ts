import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import {
  invalidateWatched,
  saveWatchProgress,
  sendWatchProgressOnExit,
  type WatchProgress,
} from '../../api/record-watched.ts';
import { enqueue, isOffline } from '../../lib/offline-queue.ts';
import { useStudentId } from '../../lib/session-store.ts';

/** How often a playing video reports its position: a lost connection or a crash costs at most this much. */
export const REPORT_EVERY_MS = 10_000;

interface Position {
  position: number;
  duration: number | undefined;
}

/** What a media element (a <video>, or the YouTube, Vimeo and HLS elements) tells us about where it is. */
export function readPosition(media: { currentTime: number; duration: number }): Position | null {
  if (!Number.isFinite(media.currentTime) || media.currentTime < 0) return null;
  const duration = Number.isFinite(media.duration) && media.duration > 0 ? media.duration : undefined;
  return { position: media.currentTime, duration };
}

const tenths = (seconds: number) => Math.round(seconds * 10) / 10;

/**
 * Reports how far the student got in a topic: every REPORT_EVERY_MS while it plays, at once on pause and
 * at the end, and with a keepalive request when the page is hidden or closed. A report that fails is
 * simply sent again next time, since each one carries the whole position.
 */
export function useWatchProgress(topicId: number) {
  const studentId = useStudentId();
  const queryClient = useQueryClient();
  const latest = useRef<Position | null>(null);
  const saved = useRef<number | null>(null);

  const progress = useCallback((): WatchProgress | null => {
    const seen = latest.current;
    if (!seen || saved.current === tenths(seen.position)) return null;
    return {
      stud_id: studentId,
      topic_id: topicId,
      position_seconds: tenths(seen.position),
      ...(seen.duration === undefined ? {} : { duration_seconds: tenths(seen.duration) }),
    };
  }, [studentId, topicId]);

  const report = useCallback(
    (refetch: 'none' | 'active' = 'none') => {
      const body = progress();
      if (!body) {
        // Nothing new, but what was saved earlier must still show in the list the student returns to.
        if (refetch === 'active' && saved.current !== null) invalidateWatched(queryClient, refetch);
        return;
      }
      saveWatchProgress(body).then(
        () => {
          saved.current = body.position_seconds ?? null;
          invalidateWatched(queryClient, refetch);
        },
        // Offline: queued, so the position reaches the server even if the player closes before the connection
        // returns (app/use-offline-queue.ts). Refused: the next report carries the position again.
        (error: unknown) => (isOffline(error) ? enqueue({ kind: 'record-watched', body }) : undefined),
      );
    },
    [progress, queryClient],
  );

  const reportOnExit = useCallback(() => {
    const body = progress();
    if (!body) return;
    if (navigator.onLine) sendWatchProgressOnExit(body);
    else enqueue({ kind: 'record-watched', body });
    saved.current = body.position_seconds ?? null;
  }, [progress]);

  useEffect(() => {
    const timer = window.setInterval(() => report(), REPORT_EVERY_MS);
    const onVisibility = () => (document.visibilityState === 'hidden' ? reportOnExit() : undefined);
    const onOnline = () => report();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', reportOnExit);
    window.addEventListener('online', onOnline);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', reportOnExit);
      window.removeEventListener('online', onOnline);
      // The player is closing (back to the list): save, and let the list on screen show the new position.
      report('active');
    };
  }, [report, reportOnExit]);

  return {
    /** Where a playing video is now (timeupdate); nothing is reported before the video has played. */
    seen: (position: Position | null) => {
      if (position) latest.current = position;
    },
    /** Pause and end: report now rather than at the next tick (a video that never played reports nothing). */
    stopped: (position: Position | null) => {
      if (!latest.current) return;
      if (position) latest.current = position;
      report();
    },
  };
}
