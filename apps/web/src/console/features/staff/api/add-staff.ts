import { addStaff, type StaffRole } from '@portal/contract/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callConsole } from '../../../lib/console-api.ts';
import { staffQuery } from '../../../lib/staff-list.ts';

export function useAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: { name: string; mobile: string; role: StaffRole }) => callConsole(addStaff, member),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQuery.queryKey }),
  });
}
