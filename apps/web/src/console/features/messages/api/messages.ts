import {
  insightsCatalogue,
  listMessageSends,
  listMessageTemplates,
  previewMessage,
  saveMessageTemplate,
  sendMessage,
  showMessageSend,
} from '@portal/contract/console';
import type { BodyInput } from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callConsole } from '../../../lib/console-api.ts';

export type ComposedMessage = BodyInput<typeof sendMessage>;
export type TemplateDraft = BodyInput<typeof saveMessageTemplate>;

const templatesQuery = queryOptions({
  queryKey: ['console', 'messages', 'templates'],
  queryFn: async () => (await callConsole(listMessageTemplates)).data,
});

export const useTemplates = () => useQuery(templatesQuery);

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: TemplateDraft) => callConsole(saveMessageTemplate, draft),
    onSettled: () => queryClient.invalidateQueries({ queryKey: templatesQuery.queryKey }),
  });
}

/** The subjects' batches, to send to a whole batch. */
export const useBatches = () =>
  useQuery({
    queryKey: ['console', 'insights', 'catalogue'],
    queryFn: async () => (await callConsole(insightsCatalogue)).data.subjects,
  });

/** What the composed message would be; the last answer stays on screen while the next is asked. */
export const usePreview = (message: ComposedMessage | undefined) =>
  useQuery({
    queryKey: ['console', 'messages', 'preview', message],
    queryFn: async () => (await callConsole(previewMessage, message!)).data,
    enabled: message !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: ComposedMessage) => callConsole(sendMessage, message),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'messages', 'sends'] }),
  });
}

export const useSends = () =>
  useQuery({
    queryKey: ['console', 'messages', 'sends'],
    queryFn: async () => (await callConsole(listMessageSends)).data.sends,
  });

/** How often a send still going is asked again. */
export const LIVE_MS = 1500;

/** A send with each recipient's status, asked again every LIVE_MS until none is queued. */
export const useSend = (id: number) =>
  useQuery({
    queryKey: ['console', 'messages', 'sends', id],
    queryFn: async () => (await callConsole(showMessageSend, { id })).data,
    refetchInterval: (query) => (query.state.data?.send.finished_at ? false : LIVE_MS),
  });
