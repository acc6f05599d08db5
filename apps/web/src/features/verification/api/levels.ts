import { kycLevelsInfoSchema, kycLimitationsSchema } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { kycKeys } from './query-keys';

/** `GET /rest/v1/limits/levels-info`: the levels table, my level, the next one and my requirements. */
export function useLevelsInfo() {
  return useQuery({
    queryKey: kycKeys.levelsInfo(),
    queryFn: ({ signal }) =>
      apiClient.get('/rest/v1/limits/levels-info', { schema: kycLevelsInfoSchema, signal }),
  });
}

/** `GET /rest/v1/limits/dashboard-level-limitations`: my level's limits with what I used of them. */
export function useDashboardLimitations() {
  return useQuery({
    queryKey: kycKeys.limitations(),
    queryFn: ({ signal }) =>
      apiClient.get('/rest/v1/limits/dashboard-level-limitations', { schema: kycLimitationsSchema, signal }),
  });
}

/**
 * `GET /rest/v1/limits/trade-level-limitations?fiatCurrencyCode=`: my trade limits, and (`tradeInFiat`)
 * the same in a currency at the current rate: what the offer page tells a trader whose ID is not
 * verified (decision 0053). Only asked for when `enabled`.
 */
export function useTradeLimitsIn(fiatCurrencyCode: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: kycKeys.tradeLimitsIn(fiatCurrencyCode),
    queryFn: ({ signal }) =>
      apiClient.get('/rest/v1/limits/trade-level-limitations', {
        query: { fiatCurrencyCode },
        schema: kycLimitationsSchema,
        signal,
      }),
    enabled,
  });
}
