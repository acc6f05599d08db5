import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@/shared/realtime';
import { currentUserQueryKey } from '@/shared/session/current-user';
import { kycKeys } from '../api/query-keys';

/**
 * `verification.updated` (a request decided, a document asked for again, a video call invited or
 * required, a request expired): my requests, my level and limits, and the current user (level badge,
 * banners, verified flags) are read again. Only the queries on screen refetch at once.
 */
export function useVerificationLiveUpdates(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('verification.updated', () => {
    void queryClient.invalidateQueries({ queryKey: kycKeys.all });
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  });
}
