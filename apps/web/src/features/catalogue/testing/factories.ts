import type {
  CalculatorCurrency,
  Country,
  CryptoCurrency,
  Currency,
  PaymentMethodGroup,
  PaymentMethodShort,
  Tag,
} from '@app/contract';

/** Reference data the way the server presents it; override what a test cares about. */

export function buildCrypto(
  overrides: Partial<CryptoCurrency> & Pick<CryptoCurrency, 'code'>,
): CryptoCurrency {
  return {
    id: 8,
    urlParam: overrides.code.toLowerCase(),
    fullName: overrides.code,
    shortName: overrides.code,
    icon: overrides.code.toLowerCase(),
    formattingDecimalsCount: 8,
    decimals: 8,
    isStablecoin: false,
    isBlocked: false,
    rate: '1.000000000000000000',
    ...overrides,
  };
}

export function buildCurrency(
  code: string,
  name: string,
  overrides: Partial<Currency> & { localized?: string } = {},
): Currency {
  const { localized, ...rest } = overrides;
  return {
    id: code.charCodeAt(0) * 100 + code.charCodeAt(1),
    code,
    name: { original: name, localized: localized ?? name },
    precision: 2,
    symbol: code,
    isPopular: false,
    isNonCurrency: false,
    counterCurrencyCode: 'USD',
    ...rest,
  };
}

export function buildGroup(id: number, slug: string, name: string, order: number): PaymentMethodGroup {
  return { id, slug, name: { original: name, localized: name }, paymentMethodsCount: 0, order };
}

export function buildMethod(id: number, slug: string, name: string, groupId: number): PaymentMethodShort {
  return {
    id,
    slug,
    name: { original: name, localized: name },
    paymentMethodGroupId: groupId,
    sellQuantity: 0,
    isBinCodeEnabled: false,
    iconName: slug,
  };
}

export function buildCountry(iso: string, name: string, overrides: Partial<Country> = {}): Country {
  return {
    id: iso.charCodeAt(0) * 100 + iso.charCodeAt(1),
    iso,
    code: `${iso}X`,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    name,
    originalName: name,
    phoneCode: '1',
    currencyCode: null,
    isKycSupported: true,
    isImportant: false,
    isPhoneVerificationSupported: true,
    ...overrides,
  };
}

export const WORLDWIDE: Country = buildCountry('WORLDWIDE', 'Worldwide', {
  id: 9999,
  code: '',
  slug: 'worldwide',
  isKycSupported: false,
  isPhoneVerificationSupported: false,
});

export function buildTag(id: number, slug: string, name: string, description = `${name}.`): Tag {
  return {
    id,
    slug,
    name: { original: name, localized: name },
    description: { original: description, localized: description },
    appliesToAll: true,
    groups: [],
    paymentMethods: [],
  };
}

export function buildCalculatorCurrency(
  code: string,
  name: string,
  btc: string,
  overrides: Partial<CalculatorCurrency> = {},
): CalculatorCurrency {
  return {
    id: code.charCodeAt(0) * 100 + code.charCodeAt(1),
    code,
    name: { original: name, localized: name },
    precision: 2,
    rate: { usd: '1.00000000', btc, usdt: '1.00000000' },
    defaultAmount: '100',
    order: 1,
    ...overrides,
  };
}

/**
 * The two reference lists the amount formatting reads (`useAmountFormat`: coins' display decimals,
 * currencies' precisions), for a test's fake server: BTC and ETH at 8 decimals (ETH 18 on chain), USDT
 * at 6; USD, EUR and GBP at 2, JPY at 0, KWD at 3.
 */
export function amountFormatRoutes() {
  const cryptoCurrencies = [
    buildCrypto({ id: 8, code: 'BTC', urlParam: 'bitcoin' }),
    buildCrypto({ id: 9, code: 'ETH', urlParam: 'ethereum', decimals: 18 }),
    buildCrypto({ id: 6, code: 'USDT', urlParam: 'tether', decimals: 6, formattingDecimalsCount: 6 }),
  ];
  const currencies = [
    buildCurrency('USD', 'US Dollar'),
    buildCurrency('EUR', 'Euro'),
    buildCurrency('GBP', 'Pound Sterling'),
    buildCurrency('JPY', 'Japanese Yen', { precision: 0 }),
    buildCurrency('KWD', 'Kuwaiti Dinar', { precision: 3 }),
  ];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  return {
    'GET /rest/v2/wallet/crypto-currencies': () => json({ data: { cryptoCurrencies, metadata: {} } }),
    'GET /rest/v2/currencies': () => json({ data: { currencies, popular: [] } }),
  };
}
