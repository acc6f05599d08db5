/**
 * Trades: the trade page (`/trade/{hash}`), the trade history (`tradeHistory` route) and the watcher
 * every page carries (WebSocket connection, active-trade polling, new-trade alert). The pages load as
 * their own chunks through the router; only the live root is part of the main bundle.
 */
export { TradesLiveRoot } from './components/trades-live-root';
/** The chat of one trade with its files, for the staff console's dispute view. */
export { LiveTradeChat } from './components/live-trade-chat';
/** The viewer's running trades (shared with the watcher's polling), for the logged-in home. */
export { useActiveTrades } from './api/get-active-trades';
export { TradeStatusBadge } from './components/trade-status-badge';
export { useTradeFormat } from './hooks/use-trade-format';
