/** The offers module: the editor, my offers, the marketplace search, the offer page and favourites. */
export { createOffersService, type OffersService, newOfferHash } from './service.js';
export { offersRoutes } from './routes.js';
export type { OfferTradeFacts } from './listings.js';
export { MARKET_CHANGED_EVENT, announceMarketChange, announceViewerChange } from './market-events.js';
export { offersRepository } from './repository.js';
export { offersAdminCommands } from './admin.js';
export {
  offerAppealsRepository,
  type OfferAppealRow,
  type OfferAppealQueueRow,
  type ModeratedOfferColumns,
} from './appeals-repository.js';
