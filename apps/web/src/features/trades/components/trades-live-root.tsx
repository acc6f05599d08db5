import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { lazyPage } from '@/shared/lib/load-chunk';
import { useCurrentUser } from '@/shared/session/current-user';

// Only a member has a socket and trades to watch: a visitor's first page downloads neither.
const RealtimeConnection = lazyPage(
  () => import('@/shared/realtime/realtime-connection'),
  'RealtimeConnection',
  { featureTexts: false },
);
const TradeAlerts = lazyPage(() => import('./trade-alerts'), 'TradeAlerts');

/**
 * The pathless route around every page: the app's one WebSocket (open while logged in) and the trade
 * watcher (active-trade polling, new-trade alert), then the page itself.
 */
export function TradesLiveRoot() {
  const user = useCurrentUser().data;
  // Once a member has been here the connection stays mounted: it is what closes the socket at logout.
  const [memberSeen, setMemberSeen] = useState(false);
  if (user && !memberSeen) setMemberSeen(true);
  return (
    <>
      {memberSeen ? (
        <Suspense fallback={null}>
          <RealtimeConnection />
        </Suspense>
      ) : null}
      {user ? (
        <Suspense fallback={null}>
          <TradeAlerts />
        </Suspense>
      ) : null}
      <Outlet />
    </>
  );
}
