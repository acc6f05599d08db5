import { tradeMessageSchema, typingEventDataSchema } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useRealtimeEvent, useRealtimeResync } from '@/shared/realtime';
import { addMessagesToCache, catchUpMessages } from '../api/get-trade-messages';
import { tradeKeys } from '../api/query-keys';

/** How long "X is typing…" stays after the last typing signal (senders repeat it every 2 s). */
export const TYPING_VISIBLE_MS = 4_000;

/**
 * Keeps one trade page live: a status change re-reads the trade (and what depends on it), a chat
 * message is added to the chat, a typing signal shows for a few seconds, feedback from the partner (or
 * their reply) re-reads the feedback card, and after a reconnect the trade is re-read and the messages
 * sent meanwhile are fetched (`after=<last id>`).
 */
export function useTradeLiveUpdates(hash: string): { typingUsername: string | null } {
  const queryClient = useQueryClient();
  const [typing, setTyping] = useState<{ username: string; at: number } | null>(null);

  const refreshTrade = () => {
    void queryClient.invalidateQueries({ queryKey: tradeKeys.trade(hash) });
    void queryClient.invalidateQueries({ queryKey: tradeKeys.attachments(hash) });
    void queryClient.invalidateQueries({ queryKey: tradeKeys.feedback(hash) });
  };

  useRealtimeEvent('trade.status', (frame) => {
    if (frame.tradeHash !== hash) return;
    refreshTrade();
    void queryClient.invalidateQueries({ queryKey: tradeKeys.active() });
  });

  useRealtimeEvent('trade.message', (frame) => {
    if (frame.tradeHash !== hash) return;
    const parsed = tradeMessageSchema.safeParse(frame.data);
    if (!parsed.success) {
      // Not the shape this build knows: read it the regular way instead.
      void catchUpMessages(queryClient, hash);
      return;
    }
    const message = parsed.data;
    addMessagesToCache(queryClient, hash, [message]);
    if (message.author && message.author.username === typing?.username) setTyping(null);
    if (message.kind === 'attachment') {
      void queryClient.invalidateQueries({ queryKey: tradeKeys.attachments(hash) });
    }
    // A moderator took the dispute: the trade (its dispute progress) names them now.
    if (
      message.system?.event === 'moderator_available' ||
      message.system?.event === 'moderator_not_available'
    ) {
      void queryClient.invalidateQueries({ queryKey: tradeKeys.trade(hash) });
    }
  });

  // The partner rated me or answered my rating: the feedback card (and its reply form) follows.
  const refreshFeedback = (frame: { tradeHash?: string }) => {
    if (frame.tradeHash === hash) void queryClient.invalidateQueries({ queryKey: tradeKeys.feedback(hash) });
  };
  useRealtimeEvent('feedback.received', refreshFeedback);
  useRealtimeEvent('feedback.reply_received', refreshFeedback);

  useRealtimeEvent('trade.typing', (frame) => {
    if (frame.tradeHash !== hash) return;
    const parsed = typingEventDataSchema.safeParse(frame.data);
    if (parsed.success) setTyping({ username: parsed.data.username, at: Date.now() });
  });

  useRealtimeResync(() => {
    refreshTrade();
    void catchUpMessages(queryClient, hash).catch(() => {
      // The next reconnect or a reload tries again; the chat keeps what it has.
    });
  });

  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(null), TYPING_VISIBLE_MS - (Date.now() - typing.at));
    return () => clearTimeout(timer);
  }, [typing]);

  return { typingUsername: typing?.username ?? null };
}
