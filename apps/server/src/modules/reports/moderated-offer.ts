import type { AdminReport } from '@app/contract';
import type { CatalogueData } from '../catalogue/index.js';
import type { ModeratedOfferColumns } from '../offers/index.js';

export const iso = (value: unknown) =>
  (value instanceof Date ? value : new Date(String(value))).toISOString();
export const isoOrNull = (value: unknown) => (value === null || value === undefined ? null : iso(value));

/** The offer as a moderator sees it beside a report or an appeal: the method by its name, even if since removed. */
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
    paymentMethod:
      r.payment_method_label ||
      data.methodById.get(r.payment_method_id)?.originalName ||
      `#${r.payment_method_id}`,
    terms: r.offer_terms,
    isActive: r.is_active,
    moderationStatus: r.moderation_status,
    penaltyUntil: isoOrNull(r.penalty_until),
  };
}
