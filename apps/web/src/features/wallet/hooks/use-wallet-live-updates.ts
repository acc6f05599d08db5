import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@/shared/realtime';
import { moneyMovedKeys, walletKeys } from '../api/query-keys';

/**
 * `account.changed` (the server committed a change to my data: money moved, a deposit arrived or
 * confirmed, a hold was released, a trade changed): the wallet's balances, history, deposits and
 * withdrawals are read again. Only the queries on screen refetch at once.
 */
export function useWalletLiveUpdates(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('account.changed', () => {
    for (const queryKey of [...moneyMovedKeys, walletKeys.deposits()]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  });
}
