import { Skeleton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTradeAttachments } from '../api/attachments';
import { useTrade } from '../api/get-trade';
import { tradeKeys } from '../api/query-keys';
import { useTradeLiveUpdates } from '../hooks/use-trade-live-updates';
import { TradeChat } from './trade-chat';

/** How often a staff member's chat re-reads the trade: live events go to the two parties only. */
const STAFF_REFRESH_MS = 5_000;

/**
 * A trade's chat on its own, as the staff console's dispute view shows it: the same chat (messages,
 * files, composer and its rules) as the trade page, kept fresh by re-reading every few seconds.
 */
export function LiveTradeChat({ hash }: { hash: string }) {
  const queryClient = useQueryClient();
  const trade = useTrade(hash);
  const attachments = useTradeAttachments(hash);
  const { typingUsername } = useTradeLiveUpdates(hash);

  useEffect(() => {
    const timer = setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: tradeKeys.messages(hash) });
      void queryClient.invalidateQueries({ queryKey: tradeKeys.trade(hash) });
      void queryClient.invalidateQueries({ queryKey: tradeKeys.attachments(hash) });
    }, STAFF_REFRESH_MS);
    return () => clearInterval(timer);
  }, [queryClient, hash]);

  if (!trade.data) return <Skeleton height={320} />;
  return (
    <TradeChat
      trade={trade.data}
      attachments={attachments.data?.items ?? []}
      remainingUploads={attachments.data?.remaining ?? null}
      typingUsername={typingUsername}
    />
  );
}
