import { describe, expect, it } from 'vitest';
import { buildCrypto } from '@/features/catalogue/testing/factories';
import {
  clearedFilters,
  cryptoBySlug,
  defaultFilters,
  effectiveFiatMin,
  hasNarrowingFilters,
  marketHref,
  marketPath,
  marketSearch,
  parseGiftCardSegment,
  parseMarketFilters,
  parseTradingSegment,
  toOfferSearchQuery,
  type MarketFilters,
} from './search-params';

const parse = (path: string, area: 'otc' | 'gift-cards' = 'otc') => {
  const [pathname = '', search = ''] = path.split('?');
  const parts = pathname.split('/').filter(Boolean);
  const [segment = '', method = ''] = area === 'otc' ? parts.slice(1) : parts;
  return parseMarketFilters(area, segment, method, new URLSearchParams(search));
};

describe('path segments', () => {
  it('should read the side and the coin of /trading/{side}-{crypto}', () => {
    expect(parseTradingSegment('buy-bitcoin')).toEqual({ side: 'buy', crypto: 'bitcoin' });
    expect(parseTradingSegment('sell-usd-coin')).toEqual({ side: 'sell', crypto: 'usd-coin' });
    expect(parseTradingSegment('BUY-Tether')).toEqual({ side: 'buy', crypto: 'tether' });
    expect(parseTradingSegment('rent-bitcoin')).toBeNull();
    expect(parseTradingSegment('buy-')).toBeNull();
  });

  it('should read /{side}-giftcard[-for-{crypto}] with bitcoin as the default coin', () => {
    expect(parseGiftCardSegment('buy-giftcard')).toEqual({ side: 'buy', crypto: 'bitcoin' });
    expect(parseGiftCardSegment('sell-giftcard-for-tether')).toEqual({ side: 'sell', crypto: 'tether' });
    expect(parseGiftCardSegment('buy-giftcards')).toBeNull();
    expect(parseGiftCardSegment('buy-bitcoin')).toBeNull();
  });
});

describe('parseMarketFilters', () => {
  it('should give the defaults for a bare address', () => {
    expect(parse('/trading/buy-bitcoin/any')).toEqual(defaultFilters());
    expect(parse('/trading/buy-bitcoin/all-payment-methods')).toEqual(defaultFilters());
  });

  it('should read every filter of the spec from the query', () => {
    const filters = parse(
      '/trading/sell-ethereum/bank-transfer?currencyCode=eur&group=bank-transfers&fiat-min=250.50' +
        '&isVerifiedOffers=1&isVerifiedUsers=true&tags=no-vpn,receipt-required&countryIso=de' +
        '&usersCountryIso=ES&onlineUsers=1&hasScroll=1&convertFromUSD=1&block=filters&acceptableOnly=1' +
        '&sortType=crypto_usd_price_desc',
    );
    expect(filters).toEqual<MarketFilters>({
      area: 'otc',
      side: 'sell',
      crypto: 'ethereum',
      paymentMethod: 'bank-transfer',
      currencyCode: 'EUR',
      anyCurrency: false,
      group: 'bank-transfers',
      fiatMin: '250.5',
      isVerifiedOffers: true,
      isVerifiedUsers: true,
      tags: ['no-vpn', 'receipt-required'],
      countryIso: 'DE',
      usersCountryIso: 'ES',
      onlineUsers: true,
      hasScroll: true,
      binCode: null,
      cardRegion: null,
      convertFromUSD: true,
      block: 'filters',
      acceptableOnly: true,
      sortType: 'crypto_usd_price_desc',
    });
  });

  it('should ignore values that break their rule instead of sending them', () => {
    const filters = parse(
      '/trading/buy-bitcoin/any?currencyCode=EURO&fiat-min=12abc&countryIso=DEU&usersCountryIso=1' +
        '&sortType=cheapest&tags=ok-tag,Bad Tag,,ok-tag&group=all-payment-methods&onlineUsers=yes&block=<x>',
    );
    expect(filters).toMatchObject({
      currencyCode: null,
      fiatMin: null,
      countryIso: null,
      usersCountryIso: null,
      sortType: 'default',
      tags: ['ok-tag'],
      group: null,
      onlineUsers: false,
      block: null,
    });
  });

  it('should read fiat-min as a number only (spec: numeric) and write one form of it', () => {
    expect(parse('/trading/buy-bitcoin/any?fiat-min=0100.50')?.fiatMin).toBe('100.5');
    expect(parse('/trading/buy-bitcoin/any?fiat-min=100.')?.fiatMin).toBeNull();
    expect(parse('/trading/buy-bitcoin/any?fiat-min=-5')?.fiatMin).toBeNull();
    expect(parse('/trading/buy-bitcoin/any?fiat-min=0')?.fiatMin).toBeNull();
    expect(parse('/trading/buy-bitcoin/any?fiat-min=1e5')?.fiatMin).toBeNull();
  });

  it("should take ?paymentMethod= only when the path's method is any", () => {
    expect(parse('/trading/buy-bitcoin/any?paymentMethod=paypal')?.paymentMethod).toBe('paypal');
    expect(parse('/trading/buy-bitcoin/wise?paymentMethod=paypal')?.paymentMethod).toBe('wise');
    expect(parse('/trading/buy-bitcoin/any?paymentMethod=any')?.paymentMethod).toBeNull();
  });

  it('should tell "every currency" (currencyCode=any) from no currency yet, and write each back', () => {
    const any = parse('/trading/buy-bitcoin/any?currencyCode=ANY');
    expect(any).toMatchObject({ currencyCode: null, anyCurrency: true });
    expect(marketHref(any!)).toBe('/trading/buy-bitcoin/any?currencyCode=any');
    expect(parse('/trading/buy-bitcoin/any')).toMatchObject({ currencyCode: null, anyCurrency: false });
    // The API is asked for no currency either way.
    expect(toOfferSearchQuery(any!, { cryptoId: 8 })!.currency).toBeNull();
  });

  it('should fix the group to gift cards and read binCode and cardRegion in the gift card area only', () => {
    const gift = parse(
      '/sell-giftcard-for-tether/amazon-gift-card?binCode=123456&cardRegion=3&group=cash',
      'gift-cards',
    );
    expect(gift).toMatchObject({
      area: 'gift-cards',
      side: 'sell',
      crypto: 'tether',
      paymentMethod: 'amazon-gift-card',
      group: 'gift-cards',
      binCode: '123456',
      cardRegion: 3,
    });
    expect(parse('/buy-giftcard/any?binCode=12345&cardRegion=x', 'gift-cards')).toMatchObject({
      binCode: null,
      cardRegion: null,
    });
    expect(parse('/trading/buy-bitcoin/any?binCode=123456&cardRegion=3')).toMatchObject({
      binCode: null,
      cardRegion: null,
    });
  });

  it('should refuse paths that are not a market', () => {
    expect(parse('/trading/swap-bitcoin/any')).toBeNull();
    expect(parse('/trading/buy-bitcoin/Bad Method')).toBeNull();
    expect(parse('/foo/bar', 'gift-cards')).toBeNull();
  });
});

describe('marketHref', () => {
  it('should write the side, coin and method into the path', () => {
    expect(marketPath(defaultFilters())).toBe('/trading/buy-bitcoin/any');
    expect(marketPath(defaultFilters({ side: 'sell', crypto: 'tether', paymentMethod: 'paypal' }))).toBe(
      '/trading/sell-tether/paypal',
    );
    expect(marketPath(defaultFilters({ area: 'gift-cards', paymentMethod: 'amazon-gift-card' }))).toBe(
      '/buy-giftcard/amazon-gift-card',
    );
    expect(marketPath(defaultFilters({ area: 'gift-cards', side: 'sell', crypto: 'ethereum' }))).toBe(
      '/sell-giftcard-for-ethereum/any',
    );
  });

  it('should write only the filters that differ from the defaults', () => {
    expect(marketSearch(defaultFilters())).toBe('');
    expect(marketHref(defaultFilters({ currencyCode: 'EUR', sortType: 'crypto_usd_price_asc' }))).toBe(
      '/trading/buy-bitcoin/any?currencyCode=EUR&sortType=crypto_usd_price_asc',
    );
  });

  it('should give back the same filters after a round trip through the address, for every filter', () => {
    const otc = defaultFilters({
      side: 'sell',
      crypto: 'ethereum',
      paymentMethod: 'paypal',
      currencyCode: 'GBP',
      group: 'online-transfers',
      fiatMin: '99.95',
      isVerifiedOffers: true,
      isVerifiedUsers: true,
      tags: ['no-vpn', 'online-payments'],
      countryIso: 'GB',
      usersCountryIso: 'IE',
      onlineUsers: true,
      hasScroll: true,
      convertFromUSD: true,
      block: 'filters',
      acceptableOnly: true,
      sortType: 'release_time_asc',
    });
    expect(parse(marketHref(otc))).toEqual(otc);
    const gift = defaultFilters({
      area: 'gift-cards',
      group: 'gift-cards',
      crypto: 'tether',
      paymentMethod: 'steam-gift-card',
      binCode: '12345678',
      cardRegion: 7,
    });
    expect(parse(marketHref(gift), 'gift-cards')).toEqual(gift);
  });

  it('should keep area, side and coin when the filters are cleared, and drop the method', () => {
    const filters = defaultFilters({
      side: 'sell',
      paymentMethod: 'wise',
      currencyCode: 'EUR',
      onlineUsers: true,
    });
    expect(clearedFilters(filters)).toEqual(defaultFilters({ side: 'sell' }));
    expect(marketHref(clearedFilters(filters))).toBe('/trading/sell-bitcoin/any');
    expect(hasNarrowingFilters(filters)).toBe(true);
    expect(hasNarrowingFilters(clearedFilters(filters))).toBe(false);
    // The page's behaviour stays: the order, the open filter block, loading by scrolling.
    const behaviour = { sortType: 'crypto_usd_price_desc', block: 'filters', hasScroll: true } as const;
    expect(clearedFilters({ ...filters, ...behaviour })).toEqual(
      defaultFilters({ side: 'sell', ...behaviour }),
    );
    // A payment method alone narrows the list: the empty state offers to clear it.
    expect(hasNarrowingFilters(defaultFilters({ paymentMethod: 'wise' }))).toBe(true);
    // The gift card area stays the gift card area, for every card.
    const gift = defaultFilters({
      area: 'gift-cards',
      group: 'gift-cards',
      paymentMethod: 'steam-gift-card',
      binCode: '12345678',
    });
    expect(marketHref(clearedFilters(gift))).toBe('/buy-giftcard/any');
    // The viewer's own currency is where clearing leads: not a narrowing filter; another one is, and
    // every currency is the opposite of narrow.
    expect(hasNarrowingFilters(defaultFilters({ currencyCode: 'EUR' }), 'EUR')).toBe(false);
    expect(hasNarrowingFilters(defaultFilters({ currencyCode: 'EUR' }), 'ARS')).toBe(true);
    expect(hasNarrowingFilters(defaultFilters({ anyCurrency: true }), 'ARS')).toBe(false);
    // Page behaviour is not a filter.
    expect(
      hasNarrowingFilters(
        defaultFilters({ hasScroll: true, block: 'filters', sortType: 'release_time_asc' }),
      ),
    ).toBe(false);
  });
});

describe('toOfferSearchQuery', () => {
  const context = { cryptoId: 9 };

  it('should send the defaults: the side, the coin id, the sort and the page size', () => {
    expect(toOfferSearchQuery(defaultFilters(), { cryptoId: 8 })).toEqual({
      type: 'buy',
      crypto_currency_id: 8,
      'payment-method': null,
      currency: null,
      group: null,
      'fiat-min': null,
      tags: null,
      visitor_country_iso: null,
      users_country_iso: null,
      online_users: null,
      newbieOffers: null,
      user_badges: null,
      binCode: null,
      cardRegion: null,
      sort: 'default',
      limit: 20,
    });
  });

  it('should map every filter onto its API parameter', () => {
    const query = toOfferSearchQuery(
      defaultFilters({
        side: 'sell',
        paymentMethod: 'paypal',
        currencyCode: 'EUR',
        group: 'online-transfers',
        fiatMin: '150',
        tags: ['no-vpn', 'online-payments'],
        countryIso: 'FR',
        usersCountryIso: 'DE',
        onlineUsers: true,
        isVerifiedOffers: true,
        isVerifiedUsers: true,
        sortType: 'crypto_usd_price_asc',
        hasScroll: true,
        block: 'filters',
      }),
      { ...context, limit: 5 },
    );
    expect(query).toEqual({
      type: 'sell',
      crypto_currency_id: 9,
      'payment-method': 'paypal',
      currency: 'EUR',
      group: 'online-transfers',
      'fiat-min': '150',
      tags: 'no-vpn,online-payments',
      visitor_country_iso: 'FR',
      users_country_iso: 'DE',
      online_users: 1,
      newbieOffers: 1,
      user_badges: 'verified',
      binCode: null,
      cardRegion: null,
      sort: 'crypto_usd_price_asc',
      limit: 5,
    });
  });

  it('should search gift cards in their group with BIN and region', () => {
    expect(
      toOfferSearchQuery(
        defaultFilters({ area: 'gift-cards', group: 'gift-cards', binCode: '411111', cardRegion: 2 }),
        context,
      ),
    ).toMatchObject({ group: 'gift-cards', binCode: '411111', cardRegion: 2 });
  });

  it("acceptableOnly: should ask for offers open to new traders in the viewer's own country", () => {
    const filters = defaultFilters({ acceptableOnly: true, countryIso: 'FR' });
    expect(toOfferSearchQuery(filters, { ...context, viewerCountryIso: 'NG' })).toMatchObject({
      newbieOffers: 1,
      visitor_country_iso: 'NG',
    });
    // A visitor without a known country keeps the chosen country (the server falls back to its own rule).
    expect(toOfferSearchQuery(filters, { ...context, viewerCountryIso: null })).toMatchObject({
      newbieOffers: 1,
      visitor_country_iso: 'FR',
    });
  });

  it('convertFromUSD: should convert the USD amount with the live rate, exactly, at the currency precision', () => {
    const filters = defaultFilters({ currencyCode: 'EUR', fiatMin: '100', convertFromUSD: true });
    // Waits for the rate rather than searching with the wrong amount.
    expect(toOfferSearchQuery(filters, context)).toBeNull();
    expect(effectiveFiatMin(filters, null)).toBeUndefined();
    const eur = { rate: '0.85450000', precision: 2 };
    expect(toOfferSearchQuery(filters, { ...context, usdRate: eur })).toMatchObject({
      currency: 'EUR',
      'fiat-min': '85.45',
    });
    // Half-up at the currency's precision: 33.33 x 0.8545 = 28.480785 -> 28.48; JPY has no decimals.
    expect(effectiveFiatMin({ ...filters, fiatMin: '33.33' }, eur)).toBe('28.48');
    expect(effectiveFiatMin({ ...filters, currencyCode: 'JPY' }, { rate: '151.505', precision: 0 })).toBe(
      '15151',
    );
  });

  it('convertFromUSD: should use the amount as it is without a currency, in USD, or without an amount', () => {
    const usd = { rate: '1', precision: 2 };
    expect(effectiveFiatMin(defaultFilters({ fiatMin: '100', convertFromUSD: true }), null)).toBe('100');
    expect(
      effectiveFiatMin(defaultFilters({ currencyCode: 'USD', fiatMin: '100', convertFromUSD: true }), usd),
    ).toBe('100');
    expect(effectiveFiatMin(defaultFilters({ currencyCode: 'EUR', convertFromUSD: true }), null)).toBeNull();
  });
});

describe('cryptoBySlug', () => {
  it('should find a coin by its URL word, never a blocked one', () => {
    const cryptos = [
      buildCrypto({ id: 8, code: 'BTC', urlParam: 'bitcoin' }),
      buildCrypto({ id: 11, code: 'XMR', urlParam: 'monero', isBlocked: true }),
    ];
    expect(cryptoBySlug(cryptos, 'bitcoin')?.id).toBe(8);
    expect(cryptoBySlug(cryptos, 'monero')).toBeUndefined();
    expect(cryptoBySlug(cryptos, 'dogecoin')).toBeUndefined();
  });
});
