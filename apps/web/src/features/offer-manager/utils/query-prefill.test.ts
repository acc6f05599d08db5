import { offerBodySchema } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { defaultOfferFormValues, toOfferBody } from './offer-form';
import { offerFormFromQuery } from './query-prefill';

const fromQuery = (query: string) => offerFormFromQuery(new URLSearchParams(query));

describe('offerFormFromQuery', () => {
  it("should map the spec's example to the basics and the margin", () => {
    expect(fromQuery('type=sell&crypto=BTC&currency=EUR&paymentMethod=sepa&margin=2')).toEqual({
      type: 'sell',
      crypto_currency_code: 'BTC',
      fiat_currency_code: 'EUR',
      payment_method: 'sepa',
      price_mode: 'margin',
      margin: '2',
    });
  });

  it('should accept the body names as well as the aliases, normalising codes and slugs', () => {
    expect(
      fromQuery(
        'crypto_currency_code=usdt&fiat_currency_code=ngn&payment_method=Bank-Transfer&payment_window=45',
      ),
    ).toEqual({
      crypto_currency_code: 'USDT',
      fiat_currency_code: 'NGN',
      payment_method: 'bank-transfer',
      payment_window: '45',
    });
  });

  it('should take a fixed price, a range or predefined amounts, and the optional amounts', () => {
    expect(fromQuery('fixedPrice=81000.5&min=50&max=500&newBuyerLimit=100&offerCap=2000')).toMatchObject({
      price_mode: 'fixed',
      fixed_price: '81000.5',
      amount_mode: 'min_max',
      range_min: '50',
      range_max: '500',
      new_buyer_limit: '100',
      offer_cap: { amount: '2000', active: true },
    });
    // Predefined amounts win over a range; lists may be comma separated or repeated.
    expect(fromQuery('amounts=50,100&amounts=250&rangeMin=10')).toEqual({
      amount_mode: 'predefined',
      predefined_amount: ['50', '100', '250'],
    });
  });

  it('should map lists, flags, requirements and opening hours', () => {
    expect(
      fromQuery(
        'tags=No-Receipt-Needed,same-bank-only&requirements=VerifyId,ShowFullName,RemainingTrades:5,Vpn' +
          '&trustedOnly=1&countryListMode=allow&countries=de,AT&openingHours=1:09:00-17:00,5:20:00-24:00' +
          '&timezone=Europe/Berlin&flowType=lite&thirdParty=true&active=0&binCodes=411111,12&cardRegions=3,x',
      ),
    ).toEqual({
      tags: ['no-receipt-needed', 'same-bank-only'],
      requirements: { verified_id: true, full_name: true, min_trades_on: true, min_trades: '5', vpn: true },
      is_trusted_only: true,
      country_list_mode: 'allow',
      countries: ['DE', 'AT'],
      opening_hours: [
        { day: 1, start_time: '09:00', end_time: '17:00', active: true },
        { day: 5, start_time: '20:00', end_time: '24:00', active: true },
      ],
      timezone: 'Europe/Berlin',
      flow_type: 'lite',
      is_third_party_allowed: true,
      is_active: false,
      gift_card_bin_codes: ['411111'],
      card_regions: [3],
    });
  });

  it('should ignore values that cannot be right, so the fields keep their defaults', () => {
    expect(
      fromQuery(
        'type=rent&area=moon&margin=two&fixedPrice=-5&min=1e3&paymentWindow=soon&countryListMode=some' +
          '&openingHours=8:09:00-17:00,1:9-17&requirements=Magic,RemainingTrades&flowType=fast&active=maybe',
      ),
    ).toEqual({});
  });

  it('should give a body the contract accepts once merged with the defaults', () => {
    const values = defaultOfferFormValues(
      fromQuery('type=buy&crypto=ETH&currency=EUR&paymentMethod=sepa&margin=-1.5&min=20&max=2000'),
    );
    const body = offerBodySchema.parse(toOfferBody(values, null));
    expect(body).toMatchObject({
      type: 'buy',
      crypto_currency_code: 'ETH',
      fiat_currency_code: 'EUR',
      payment_method: 'sepa',
      margin: '-1.5',
      range_min: '20',
      range_max: '2000',
      payment_window: 90,
      is_active: true,
    });
    expect(body.fixed_price).toBeUndefined();
    expect(body.predefined_amount).toBeUndefined();
  });
});
