import type { PaymentMethodShort, PopularPaymentMethods } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { popularFor } from './popular-methods';

const method = (slug: string): PaymentMethodShort => ({
  id: slug.length,
  name: { original: slug, localized: slug },
  paymentMethodGroupId: 5,
  slug,
  sellQuantity: 0,
  isBinCodeEnabled: false,
  iconName: slug,
});
const list = (...slugs: string[]) => slugs.map(method);
const groups = {
  'bank-transfers': list('sepa-bank-transfer'),
  'cash-deposits': [],
  'debitcredit-cards': [],
  'digital-currencies': [],
  'gift-cards': list('amazon-gift-card', 'steam-wallet-gift-card'),
  'online-transfers': list('paypal'),
};
const popular: PopularPaymentMethods = {
  buy: { country: { WORLDWIDE: list('bank-transfer', 'paypal'), US: list('zelle', 'cash-app') }, groups },
  sell: { country: { WORLDWIDE: list('wise'), US: list('ach-transfer') }, groups },
};
const base = { side: 'buy', area: 'otc', group: null, countryIso: null, usersCountryIso: null } as const;
const slugs = (methods: PaymentMethodShort[]) => methods.map((m) => m.slug);

describe('popular payment methods for a search', () => {
  it('should follow the side and the country, worldwide without one or for a country without a list', () => {
    expect(slugs(popularFor(popular, base))).toEqual(['bank-transfer', 'paypal']);
    expect(slugs(popularFor(popular, { ...base, side: 'sell' }))).toEqual(['wise']);
    expect(slugs(popularFor(popular, { ...base, countryIso: 'US' }))).toEqual(['zelle', 'cash-app']);
    expect(slugs(popularFor(popular, { ...base, usersCountryIso: 'US', side: 'sell' }))).toEqual([
      'ach-transfer',
    ]);
    expect(slugs(popularFor(popular, { ...base, countryIso: 'FJ' }))).toEqual(['bank-transfer', 'paypal']);
  });

  it("should follow a chosen group, the gift card market's, and show nothing for a group without a list", () => {
    expect(slugs(popularFor(popular, { ...base, group: 'online-transfers' }))).toEqual(['paypal']);
    expect(slugs(popularFor(popular, { ...base, area: 'gift-cards' }))).toEqual([
      'amazon-gift-card',
      'steam-wallet-gift-card',
    ]);
    expect(popularFor(popular, { ...base, group: 'goods-and-services' })).toEqual([]);
  });
});
