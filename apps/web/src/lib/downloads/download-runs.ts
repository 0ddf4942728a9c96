import { useSyncExternalStore } from 'react';
import { DownloadFailed, type DownloadChoice, type FailureReason, runDownload } from './run-download.ts';

// The downloads running in this tab, by topic: they go on while the student moves between screens, and any screen
// shows their progress and can cancel them.

export interface DownloadRun {
  state: 'running' | 'done' | 'failed';
  loaded: number;
  total: number;
  reason?: FailureReason;
  controller: AbortController;
}

const runs = new Map<number, DownloadRun>();
const listeners = new Set<() => void>();
const changed = (topicId: number, run: DownloadRun | undefined) => {
  if (run) runs.set(topicId, run);
  else runs.delete(topicId);
  for (const listener of listeners) listener();
};

export function startDownload(studentId: number, choice: DownloadChoice) {
  const topicId = choice.topic.topic_id;
  if (runs.get(topicId)?.state === 'running') return;
  const controller = new AbortController();
  const base = { controller, loaded: 0, total: 0 };
  changed(topicId, { ...base, state: 'running' });
  runDownload(
    studentId,
    choice,
    ({ loaded, total }) => changed(topicId, { ...base, state: 'running', loaded, total }),
    controller.signal,
  ).then(
    () => changed(topicId, { ...(runs.get(topicId) ?? base), state: 'done' }),
    (error: unknown) =>
      changed(topicId, {
        ...(runs.get(topicId) ?? base),
        state: 'failed',
        reason: error instanceof DownloadFailed ? error.reason : 'refused',
      }),
  );
}

/** Stops a running download (what it stored is removed), or forgets a finished one's outcome. */
export function dismissDownload(topicId: number) {
  const run = runs.get(topicId);
  if (run?.state === 'running') run.controller.abort();
  else changed(topicId, undefined);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useDownloadRun = (topicId: number) =>
  useSyncExternalStore(
    subscribe,
    () => runs.get(topicId),
    () => undefined,
  );
