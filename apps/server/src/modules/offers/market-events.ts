import type { EventBus } from '../../platform/events/bus.js';

/**
 * Bus events that tell every instance's shared marketplace (decision 0031) to rebuild. They name no
 * users (`userIds: []`), so the WebSocket gateway delivers them to nobody; the PostgreSQL bus carries
 * them to the other instances.
 */
export const MARKET_CHANGED_EVENT = 'offers.market_changed';
export const VIEWER_CHANGED_EVENT = 'offers.viewer_changed';

/** An offer was created, edited, switched or moderated: shared pages and offer pages are rebuilt. */
export function announceMarketChange(events: EventBus | undefined): void {
  events?.publish({ type: MARKET_CHANGED_EVENT, userIds: [], data: null });
}

/** A viewer's favourites or relations changed: their facts are read again. */
export function announceViewerChange(events: EventBus | undefined, userIds: readonly number[]): void {
  events?.publish({ type: VIEWER_CHANGED_EVENT, userIds: [], data: { userIds } });
}
