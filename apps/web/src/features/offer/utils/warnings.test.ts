import type { OfferView } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { buildOfferView } from '../testing/offer-fixtures';
import { applicableWarnings, pendingWarnings } from './warnings';

const view = (offer: Partial<OfferView['offer']> = {}, state: Partial<OfferView> = {}) =>
  buildOfferView({ ...state, offer: { ...buildOfferView().offer, ...offer } });

describe('applicableWarnings', () => {
  it('should warn a buyer about the terms and paying from their own account', () => {
    expect(
      applicableWarnings(view({ type: 'sell', offerTerms: 'Only SEPA' }), {
        paymentGroupSlug: 'bank-transfers',
      }),
    ).toEqual(['reviewOfferTerms', 'paymentTermsWarning']);
  });

  it('should not show the terms warning without terms, nor payment terms when third parties may pay', () => {
    expect(
      applicableWarnings(view({ type: 'sell', offerTerms: '  ', isThirdPartyTreatmentEnabled: true }), {
        paymentGroupSlug: 'bank-transfers',
      }),
    ).toEqual([]);
  });

  it('should warn a seller paid by card about chargebacks, and by bank transfer about their account', () => {
    const sellerView = view({ type: 'buy', offerTerms: '' });
    expect(applicableWarnings(sellerView, { paymentGroupSlug: 'debitcredit-cards' })).toEqual([
      'chargebackRisky',
    ]);
    expect(applicableWarnings(sellerView, { paymentGroupSlug: 'online-transfers' })).toEqual([
      'chargebackRisky',
    ]);
    expect(applicableWarnings(sellerView, { paymentGroupSlug: 'bank-transfers' })).toEqual(['bankAccounts']);
    // Unknown group (the method could not be read): no guess.
    expect(applicableWarnings(sellerView, { paymentGroupSlug: null })).toEqual([]);
  });

  it('should add the sanctions warning for a grey country and the custom rate warning, in the spec order', () => {
    expect(
      applicableWarnings(
        view({ type: 'sell', offerTerms: 'x', customRate: '1.10' }, { isGrayCountry: true }),
        {
          paymentGroupSlug: 'gift-cards',
        },
      ),
    ).toEqual(['reviewOfferTerms', 'ofacOfferWarning', 'paymentTermsWarning', 'customExchangeRate']);
  });
});

describe('pendingWarnings', () => {
  it('should leave out what was accepted on the page', () => {
    expect(
      pendingWarnings(['reviewOfferTerms', 'ofacOfferWarning'], new Set(['reviewOfferTerms'] as const)),
    ).toEqual(['ofacOfferWarning']);
  });
});
