import { getRegistrationBudget } from '@portal/contract/console';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callConsole } from '../../../lib/console-api.ts';

export const registrationBudgetQuery = queryOptions({
  queryKey: ['console', 'registration-budget'],
  queryFn: async () => (await callConsole(getRegistrationBudget)).data,
  // A flood of signups is news while it happens: the Overview follows it while open.
  refetchInterval: 60_000,
});

export const useRegistrationBudget = () => useQuery(registrationBudgetQuery);
