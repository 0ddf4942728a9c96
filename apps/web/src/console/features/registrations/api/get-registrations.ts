import { listRegistrations } from '@portal/contract/console';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callConsole } from '../../../lib/console-api.ts';

export const registrationsQuery = queryOptions({
  queryKey: ['console', 'registrations'],
  queryFn: async () => (await callConsole(listRegistrations)).data,
  // The navigation's count stays current while the console is open.
  refetchInterval: 60_000,
});

export const useRegistrations = () => useQuery(registrationsQuery);
