// The staff list: the Staff page manages it, the audit log filters by it.
import { listStaff } from '@portal/contract/console';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callConsole } from './console-api.ts';

export const staffQuery = queryOptions({
  queryKey: ['console', 'staff'],
  queryFn: async () => (await callConsole(listStaff)).data.staff,
});

export const useStaff = () => useQuery(staffQuery);
