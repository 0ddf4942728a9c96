import { recordWatched, submitQuiz } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { takeExitReport } from '../api/record-watched.ts';
import { callApi } from '../lib/api-client.ts';
import { useQuizAnswers } from '../features/quizzes/answers-store.ts';
import { FLUSH_EVENT, flushQueue, isOffline, type QueuedAction } from '../lib/offline-queue.ts';
import { useStudentId } from '../lib/session-store.ts';

/** Sends what was queued offline (lib/offline-queue.ts) when the app opens and whenever the connection returns. */
export function useOfflineQueue() {
  const studentId = useStudentId();
  const queryClient = useQueryClient();
  useEffect(() => {
    const send = async (action: QueuedAction) => {
      if (action.kind === 'record-watched') {
        await callApi(recordWatched, action.body);
        void queryClient.invalidateQueries({ queryKey: ['recently-watched'] });
        void queryClient.invalidateQueries({ queryKey: ['topics'] });
        return;
      }
      try {
        const response = await callApi(submitQuiz, action.body);
        if (response.status) {
          toast.success(response.message);
          useQuizAnswers.getState().clear(`${studentId}:${action.body.quiz_id}`);
        } else toast.error(response.message);
        void queryClient.invalidateQueries({ queryKey: ['quiz-history', studentId] });
        void queryClient.invalidateQueries({ queryKey: ['quiz', studentId, action.body.quiz_id] });
      } catch (error) {
        if (error instanceof Error && !isOffline(error)) toast.error(error.message);
        throw error;
      }
    };
    const flush = () => void flushQueue(studentId, send);
    flush();
    const exitReport = takeExitReport(studentId);
    if (exitReport) void send({ kind: 'record-watched', body: exitReport }).catch(() => undefined);
    window.addEventListener('online', flush);
    window.addEventListener(FLUSH_EVENT, flush);
    return () => {
      window.removeEventListener('online', flush);
      window.removeEventListener(FLUSH_EVENT, flush);
    };
  }, [studentId, queryClient]);
}
