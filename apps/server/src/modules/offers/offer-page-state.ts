import { notFound } from '../../platform/http/errors.js';
import type { OfferRow } from './repository.js';
import type { ViewerFacts } from './viewer-facts.js';

/** Whether an offer's country list lets a visitor from `country` see it (an unknown country sees no allow list). */
export function countryAllows(
  offer: Pick<OfferRow, 'countryListMode' | 'countries'>,
  country: string | null | undefined,
): boolean {
  if (offer.countryListMode === 'all') return true;
  if (!country) return offer.countryListMode !== 'allow';
  return (offer.countryListMode === 'allow') === offer.countries.includes(country);
}

/**
 * The viewer's side of an offer page, laid over the shared part (decision 0031): the same rules as the
 * marketplace's SQL (repository `forViewer`), read from the viewer's facts. Blocked either way, or a
 * trusted-only offer for a viewer its owner does not trust: 404, as if the offer did not exist.
 */
export function offerPageStateOf(
  page: {
    offer: Pick<OfferRow, 'id' | 'userId' | 'isTrustedOnly' | 'countryListMode' | 'countries'>;
    isListed: boolean;
  },
  viewer: ViewerFacts | null,
) {
  const { offer } = page;
  const isOwner = viewer?.id === offer.userId;
  if (viewer && !isOwner && viewer.blocked.has(offer.userId)) throw notFound('Offer not found');
  const isTrustedUser = viewer !== null && !isOwner && viewer.trustedBy.has(offer.userId);
  if (!isOwner && offer.isTrustedOnly && !isTrustedUser) throw notFound('Offer not found');
  const country = viewer?.countryIso;
  return {
    isOwner,
    isTrustedUser,
    isFavorite: viewer?.favorites.has(offer.id) ?? false,
    available: page.isListed && countryAllows(offer, country),
    // The page's own flag: does this offer's list name the viewer's country (unknown: no).
    availableForCountry:
      offer.countryListMode === 'all' ||
      (Boolean(country) && (offer.countryListMode === 'allow') === offer.countries.includes(country!)),
  };
}
