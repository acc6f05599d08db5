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
