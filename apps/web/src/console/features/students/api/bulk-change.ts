import { bulkEnrolStudents, bulkMoveStudents, bulkSetStudentsActive } from '@portal/contract/console';
import type { BodyInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callConsole } from '../../../lib/console-api.ts';

/** One bulk action of the roster, as its call's body says it. */
export type BulkChange =
  | { call: 'enrol'; body: BodyInput<typeof bulkEnrolStudents> }
  | { call: 'move'; body: BodyInput<typeof bulkMoveStudents> }
  | { call: 'set_active'; body: BodyInput<typeof bulkSetStudentsActive> };

const send = (change: BulkChange) => {
  switch (change.call) {
    case 'enrol':
      return callConsole(bulkEnrolStudents, change.body);
    case 'move':
      return callConsole(bulkMoveStudents, change.body);
    case 'set_active':
      return callConsole(bulkSetStudentsActive, change.body);
  }
};

/** Runs a bulk action; the roster, its counts and any open student are read again after it. */
export function useBulkChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['console', 'students'] }),
  });
}
