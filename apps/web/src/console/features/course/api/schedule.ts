import {
  addLiveClasses,
  deleteBatch,
  deleteLiveClass,
  listSchedule,
  saveBatch,
  saveLiveClass,
} from '@portal/contract/console';
import type { BodyInput } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callConsole } from '../../../lib/console-api.ts';

const scheduleQuery = (subjectId: number) =>
  queryOptions({
    queryKey: ['console', 'schedule', subjectId],
    queryFn: async () => (await callConsole(listSchedule, { subject_id: subjectId })).data,
  });

export const useSchedule = (subjectId: number) => useQuery(scheduleQuery(subjectId));

/** Batches and classes: each call refreshes the schedule and answers the server's message. */
export function useScheduleActions() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: ['console', 'schedule'] });
  return {
    saveBatch: useMutation({
      mutationFn: (body: BodyInput<typeof saveBatch>) => callConsole(saveBatch, body),
      onSettled,
    }),
    deleteBatch: useMutation({ mutationFn: (id: number) => callConsole(deleteBatch, { id }), onSettled }),
    addClasses: useMutation({
      mutationFn: (body: BodyInput<typeof addLiveClasses>) => callConsole(addLiveClasses, body),
      onSettled,
    }),
    saveClass: useMutation({
      mutationFn: (body: BodyInput<typeof saveLiveClass>) => callConsole(saveLiveClass, body),
      onSettled,
    }),
    deleteClass: useMutation({ mutationFn: (id: number) => callConsole(deleteLiveClass, { id }), onSettled }),
  };
}
