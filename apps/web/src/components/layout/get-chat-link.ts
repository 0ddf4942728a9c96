import { whatsappChat } from '@portal/contract';
import { queryOptions, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';

/** Only a web address may become a link; anything else the server sent is not offered. */
const webLink = (link: string) => (/^https?:\/\//i.test(link) ? link : null);

export const chatLinkQuery = queryOptions({
  queryKey: ['chat-link'],
  queryFn: async () => webLink((await callApi(whatsappChat)).data.link),
  // The institute's number does not change during a visit.
  staleTime: Infinity,
  gcTime: Infinity,
  // The menu says when the link is unavailable; a toast on top would only repeat it.
  meta: { errorToast: false },
});

export const useChatLink = () => useQuery(chatLinkQuery);

/** Asked for once a visit, when the menu's code arrives: ready by the time the menu is opened. */
export const usePrefetchChatLink = () => usePrefetchQuery(chatLinkQuery);
