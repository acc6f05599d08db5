import { tradeMessagesPageSchema, type TradeMessage } from '@app/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/shared/api';
import { tradeKeys } from './query-keys';

type MessagesPage = z.infer<typeof tradeMessagesPageSchema>;

/**
 * GET /rest/v1/trade/{id}/messages: the newest page without a cursor, older ones with `before`, and
 * what came after a message with `after` (the catch-up after a reconnect). Always oldest first.
 */
export function getTradeMessages(
  hash: string,
  cursor: { after?: number; before?: number } = {},
  signal?: AbortSignal,
): Promise<MessagesPage> {
  return apiClient.get(`/rest/v1/trade/${encodeURIComponent(hash)}/messages`, {
    query: { after: cursor.after, before: cursor.before },
    schema: tradeMessagesPageSchema,
    signal,
  });
}

/** The chat as cached: every message loaded so far, oldest first, and whether older ones exist. */
export type ChatState = { messages: TradeMessage[]; hasOlder: boolean };

/** Adds messages to the list, once each (a message can arrive both live and through a catch-up). */
export function mergeMessages(
  current: readonly TradeMessage[],
  incoming: readonly TradeMessage[],
): TradeMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export const tradeMessagesQueryOptions = (hash: string) =>
  queryOptions({
    queryKey: tradeKeys.messages(hash),
    queryFn: async ({ signal }): Promise<ChatState> => {
      const page = await getTradeMessages(hash, {}, signal);
      return { messages: page.messages, hasOlder: page.hasMore };
    },
    // The chat is kept current by the socket and catch-ups; refetching would drop older pages.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useTradeMessages(hash: string) {
  return useQuery(tradeMessagesQueryOptions(hash));
}

/** Adds messages to the cached chat (from the socket, a send, or a catch-up). */
export function addMessagesToCache(
  queryClient: QueryClient,
  hash: string,
  incoming: readonly TradeMessage[],
) {
  queryClient.setQueryData<ChatState>(tradeKeys.messages(hash), (current) =>
    current ? { ...current, messages: mergeMessages(current.messages, incoming) } : current,
  );
}

/**
 * Reads every message after the last one cached, page by page, and adds them: what a reconnect needs
 * (messages sent while the socket was down). Does nothing before the first page is loaded.
 */
export async function catchUpMessages(queryClient: QueryClient, hash: string): Promise<void> {
  const state = queryClient.getQueryData<ChatState>(tradeKeys.messages(hash));
  if (!state) return;
  let after = state.messages.at(-1)?.id ?? 0;
  for (let page = 0; page < 20; page += 1) {
    const result = await getTradeMessages(hash, { after });
    addMessagesToCache(queryClient, hash, result.messages);
    const last = result.messages.at(-1);
    if (!result.hasMore || !last) return;
    after = last.id;
  }
}

/** Loads the page before the oldest cached message. */
export async function loadOlderMessages(queryClient: QueryClient, hash: string): Promise<void> {
  const state = queryClient.getQueryData<ChatState>(tradeKeys.messages(hash));
  const first = state?.messages[0];
  if (!state || !first) return;
  const page = await getTradeMessages(hash, { before: first.id });
  queryClient.setQueryData<ChatState>(tradeKeys.messages(hash), (current) =>
    current ? { messages: mergeMessages(current.messages, page.messages), hasOlder: page.hasMore } : current,
  );
}
