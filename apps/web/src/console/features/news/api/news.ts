import { deleteNews, listManagedNews, type ManagedNews, publishNews, saveNews } from '@portal/contract/console';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callConsole } from '../../../lib/console-api.ts';

export const newsQuery = queryOptions({
  queryKey: ['console', 'news'],
  queryFn: async () => (await callConsole(listManagedNews)).data.items,
});

export const useManagedNews = () => useQuery(newsQuery);

export interface NewsDraft {
  id?: number | undefined;
  heading: string;
  body: string;
  image: string;
}

/** Save, publish now, take back to draft, delete: each refreshes the list and answers the server's message. */
export function useNewsActions() {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: newsQuery.queryKey });
  return {
    save: useMutation({ mutationFn: (draft: NewsDraft) => callConsole(saveNews, draft), onSettled: settled }),
    publish: useMutation({
      mutationFn: ({ id, live, at, notify }: { id: number; live: boolean; at?: string; notify?: boolean }) =>
        callConsole(
          publishNews,
          live ? { id, ...(at ? { at } : {}), ...(notify ? { notify: true } : {}) } : { id, at: null },
        ),
      onSettled: settled,
    }),
    remove: useMutation({ mutationFn: (id: number) => callConsole(deleteNews, { id }), onSettled: settled }),
  };
}

export type { ManagedNews };
