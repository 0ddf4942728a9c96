import { addAcademicLevel, listAcademicLevels, updateAcademicLevel } from '@portal/contract/console';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callConsole } from '../../../lib/console-api.ts';

export const levelsQuery = queryOptions({
  queryKey: ['console', 'academic-levels'],
  queryFn: async () => (await callConsole(listAcademicLevels)).data.levels,
});

export const useLevels = () => useQuery(levelsQuery);

export function useAddLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callConsole(addAcademicLevel, { name }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: levelsQuery.queryKey }),
  });
}

export function useUpdateLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { level_id: number; name?: string; active?: boolean }) =>
      callConsole(updateAcademicLevel, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: levelsQuery.queryKey }),
  });
}
