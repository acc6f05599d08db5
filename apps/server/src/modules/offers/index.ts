/** The offers module: the editor, my offers, the marketplace search, the offer page and favourites. */
export { createOffersService, type OffersService, newOfferHash } from './service.js';
export { offersRoutes, type OfferTradeFacts } from './routes.js';
export { offersRepository } from './repository.js';
export { offersAdminCommands } from './admin.js';
export {
  offerAppealsRepository,
  type OfferAppealRow,
  type OfferAppealQueueRow,
  type ModeratedOfferColumns,
} from './appeals-repository.js';
