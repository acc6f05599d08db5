import type { AdminReport } from '@app/contract';
import { paymentMethodName, type CatalogueData } from '../catalogue/index.js';
import type { ModeratedOfferColumns } from '../offers/index.js';
import { isoOrNull } from '../../platform/db/timestamps.js';

/** The offer as a moderator sees it beside a report or an appeal. */
export function presentModeratedOffer(
  r: ModeratedOfferColumns,
  data: Pick<CatalogueData, 'methodById'>,
): AdminReport['offer'] {
  return {
    hash: r.hash,
    owner: r.owner,
    type: r.type,
    cryptoCode: r.crypto_code,
    fiatCurrencyCode: r.fiat_currency_code,
    paymentMethod: paymentMethodName(data, r.payment_method_id, r.payment_method_label),
    terms: r.offer_terms,
    isActive: r.is_active,
    moderationStatus: r.moderation_status,
    penaltyUntil: isoOrNull(r.penalty_until),
  };
}
