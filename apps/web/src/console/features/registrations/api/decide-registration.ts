import { approveRegistration, rejectRegistration } from '@portal/contract/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callConsole } from '../../../lib/console-api.ts';
import { registrationsQuery } from './get-registrations.ts';

export function useApproveRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: { request_id: number; subject_ids: number[]; batch_ids: number[] }) =>
      callConsole(approveRegistration, decision),
    onSettled: () => queryClient.invalidateQueries({ queryKey: registrationsQuery.queryKey }),
  });
}

export function useRejectRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: { request_id: number; reason: string }) => callConsole(rejectRegistration, decision),
    onSettled: () => queryClient.invalidateQueries({ queryKey: registrationsQuery.queryKey }),
  });
}
