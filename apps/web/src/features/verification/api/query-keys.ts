import type { Locale, VerificationType } from '@app/contract';

/**
 * Cache keys of the identity verification pages; everything lives under `['kyc']`, so one invalidation
 * (a `verification.updated` event, a decision) reads the levels, the limits and the requests again.
 */
export const kycKeys = {
  all: ['kyc'] as const,
  levelsInfo: () => ['kyc', 'levels-info'] as const,
  limitations: () => ['kyc', 'limitations', 'dashboard'] as const,
  tradeLimitsIn: (fiatCurrencyCode: string) => ['kyc', 'limitations', 'trade', fiatCurrencyCode] as const,
  requests: () => ['kyc', 'requests'] as const,
  attempts: (type?: VerificationType) =>
    type ? (['kyc', 'attempts', type] as const) : (['kyc', 'attempts'] as const),
  countries: (locale: Locale) => ['kyc', 'countries', locale] as const,
  documentCountries: () => ['kyc', 'document-countries'] as const,
  provider: () => ['kyc', 'provider'] as const,
};
