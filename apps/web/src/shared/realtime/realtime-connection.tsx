import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentUserQueryKey, useCurrentUser } from '../session/current-user';
import { useRealtimeClient, useRealtimeStatus } from './realtime-hooks';

/** After a 4401 while the session still answers as logged in (a race with a re-login), try again later. */
const RETRY_AFTER_REFUSAL_MS = 30_000;

/**
 * Keeps the socket open exactly while a user is logged in. Renders nothing; mounted once under the
 * router. When the server closes the socket because the session ended (logout in another tab, expiry,
 * ban), the current user is re-read, so the pages that need a login send the visitor there.
 */
export function RealtimeConnection() {
  const client = useRealtimeClient();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const status = useRealtimeStatus();
  const userId = user?.id ?? null;

  useEffect(() => {
    if (userId === null) client.disconnect();
    else client.connect();
  }, [client, userId]);

  useEffect(() => {
    if (status !== 'unauthenticated' || userId === null) return;
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    const timer = setTimeout(() => client.connect(), RETRY_AFTER_REFUSAL_MS);
    return () => clearTimeout(timer);
  }, [client, queryClient, status, userId]);

  return null;
}
