import { addStudent, listEnrolmentChoices } from '@portal/contract/console';
import type { BodyInput } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callConsole } from '../../../lib/console-api.ts';

export const enrolmentChoicesQuery = () =>
  queryOptions({
    queryKey: ['console', 'students', 'enrolment-choices'],
    queryFn: async () => (await callConsole(listEnrolmentChoices)).data,
  });

export const useEnrolmentChoices = () => useQuery(enrolmentChoicesQuery());

/** Adds a walk-in; the roster shows them after. */
export function useAddStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BodyInput<typeof addStudent>) => callConsole(addStudent, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'students'] }),
  });
}
