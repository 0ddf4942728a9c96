import { listDeletedQuizzes, listDeletedTopics, restoreQuiz, restoreTopic } from '@portal/contract/console';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callConsole } from '../../../lib/console-api.ts';

export type DeletedKind = 'topic' | 'quiz';

export const deletedItemsQuery = (kind: DeletedKind) =>
  queryOptions({
    queryKey: ['console', 'course', 'deleted', kind],
    queryFn: async () => (await callConsole(kind === 'topic' ? listDeletedTopics : listDeletedQuizzes)).data.items,
  });

export const useDeletedItems = (kind: DeletedKind) => useQuery(deletedItemsQuery(kind));

/** Restores a topic or quiz; the course lists and the deleted items follow. */
export function useRestoreItem(kind: DeletedKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callConsole(kind === 'topic' ? restoreTopic : restoreQuiz, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['console', 'course'] }),
  });
}
