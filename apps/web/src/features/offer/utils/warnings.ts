import type { OfferView } from '@app/contract';

/**
 * The offer page's warning popups (spec section 4, "Offer view modals"), in the order they are shown
 * before a trade starts. Which one applies when is ours to decide (the spec only names them); the rules
 * are here, in one pure function, and in docs/decisions/0008-offers.md ("Web: offer page, report,
 * profile").
 */
export const offerWarnings = [
  'reviewOfferTerms',
  'chargebackRisky',
  'ofacOfferWarning',
  'paymentTermsWarning',
  'bankAccounts',
  'customExchangeRate',
] as const;
export type OfferWarning = (typeof offerWarnings)[number];

/** The sanctions-list warning must be accepted explicitly (spec section 5); closing it is not accepting. */
export const REQUIRED_WARNINGS: ReadonlySet<OfferWarning> = new Set(['ofacOfferWarning']);

/**
 * Payment groups whose payments the payer can reverse after the crypto is released (card chargebacks,
 * wallet disputes): a seller receiving them is warned.
 */
export const CHARGEBACK_RISKY_GROUPS: ReadonlySet<string> = new Set([
  'debitcredit-cards',
  'online-transfers',
]);

export type WarningContext = {
  /** The slug of the offer's payment method group, once the catalogue answered (null until then). */
  paymentGroupSlug: string | null;
};

/** The viewer's side of a trade on this offer: a sell offer is bought from. */
export const viewerSide = (view: Pick<OfferView, 'offer'>): 'buy' | 'sell' =>
  view.offer.type === 'sell' ? 'buy' : 'sell';

/**
 * The warnings that apply to this viewer on this offer:
 * - reviewOfferTerms: the offer has terms (the owner's rules are part of the deal);
 * - chargebackRisky: the viewer sells and is paid by a reversible method (cards, online wallets);
 * - ofacOfferWarning: the server flags a sanctions-listed or grey-listed jurisdiction (`isGrayCountry`);
 * - paymentTermsWarning: the viewer pays fiat and the offer does not accept third-party payments, so the
 *   money must come from an account in the viewer's own name;
 * - bankAccounts: the viewer sells for a bank transfer and will receive it into their own account;
 * - customExchangeRate: the offer prices with a custom exchange rate (gift cards), not the market's.
 */
export function applicableWarnings(view: OfferView, context: WarningContext): OfferWarning[] {
  const side = viewerSide(view);
  const { offer } = view;
  const applies: Record<OfferWarning, boolean> = {
    reviewOfferTerms: offer.offerTerms.trim() !== '',
    chargebackRisky:
      side === 'sell' &&
      context.paymentGroupSlug !== null &&
      CHARGEBACK_RISKY_GROUPS.has(context.paymentGroupSlug),
    ofacOfferWarning: view.isGrayCountry,
    paymentTermsWarning: side === 'buy' && !offer.isThirdPartyTreatmentEnabled,
    bankAccounts: side === 'sell' && context.paymentGroupSlug === 'bank-transfers',
    customExchangeRate: offer.customRate !== null,
  };
  return offerWarnings.filter((warning) => applies[warning]);
}

/** The warnings still to show before a trade: those that apply and were not accepted on this page. */
export function pendingWarnings(
  applicable: readonly OfferWarning[],
  accepted: ReadonlySet<OfferWarning>,
): OfferWarning[] {
  return applicable.filter((warning) => !accepted.has(warning));
}
