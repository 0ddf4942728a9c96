import { getGoLive } from '@portal/contract/console';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callConsole } from '../../../lib/console-api.ts';

export const goLiveQuery = queryOptions({
  queryKey: ['console', 'go-live'],
  queryFn: async () => (await callConsole(getGoLive)).data,
});

export const useGoLive = () => useQuery(goLiveQuery);
