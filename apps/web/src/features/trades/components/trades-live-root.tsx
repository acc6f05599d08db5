import { Outlet } from 'react-router';
import { RealtimeConnection } from '@/shared/realtime';
import { TradeAlerts } from './trade-alerts';

/**
 * The pathless route around every page: the app's one WebSocket (open while logged in) and the trade
 * watcher (active-trade polling, new-trade alert), then the page itself.
 */
export function TradesLiveRoot() {
  return (
    <>
      <RealtimeConnection />
      <TradeAlerts />
      <Outlet />
    </>
  );
}
