/**
 * The offer manager: the offer editor (wizard and lite flow) and the my-offers page. Its pages are loaded
 * by the router as lazy chunks; other code needs the editor's addresses and the my-offers list query.
 */
export { liteEditorPath, offerEditorPath } from './utils/paths';
/** The owner's offers of one side with the counts of both (the logged-in home's summary). */
export { getMyOffersQueryOptions } from './api/get-my-offers';
