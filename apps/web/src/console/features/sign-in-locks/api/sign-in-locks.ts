import { listLockedNumbers, unlockNumber } from '@portal/contract/console';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callConsole } from '../../../lib/console-api.ts';

export const lockedNumbersQuery = queryOptions({
  queryKey: ['console', 'sign-in-locks'],
  queryFn: async () => (await callConsole(listLockedNumbers)).data.numbers,
});

export const useLockedNumbers = () => useQuery(lockedNumbersQuery);

export function useUnlockNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mobile: string) => callConsole(unlockNumber, { mobile }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lockedNumbersQuery.queryKey }),
  });
}
