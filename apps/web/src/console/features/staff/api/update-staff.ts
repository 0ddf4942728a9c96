import { type StaffRole, updateStaff } from '@portal/contract/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callConsole } from '../../../lib/console-api.ts';
import { staffQuery } from '../../../lib/staff-list.ts';

export interface StaffUpdate {
  staff_id: number;
  role?: StaffRole;
  active?: boolean;
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StaffUpdate) => callConsole(updateStaff, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffQuery.queryKey }),
  });
}
