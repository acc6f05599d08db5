import { calculatorSchema, type ChartRange, type Locale } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { useLocale } from '@/shared/i18n/locale-context';
import { RATES_REFETCH_INTERVAL, RATES_STALE_TIME } from './stale-time';

export type CalculatorParams = { currency: string; range: ChartRange };

/**
 * `GET /rest/v1/calculator?range=&currency=`: every calculator currency with its rates, and the BTC chart
 * in `currency`. An unknown currency answers 404. Amounts are converted on the page, with the same
 * contract helpers and rate strings the server uses.
 */
export function getCalculator({ currency, range }: CalculatorParams, locale: Locale, signal?: AbortSignal) {
  return apiClient.get('/rest/v1/calculator', {
    query: { range, currency, locale },
    schema: calculatorSchema,
    signal,
  });
}

export const getCalculatorQueryOptions = (params: CalculatorParams, locale: Locale) =>
  queryOptions({
    queryKey: ['calculator', params.currency, params.range, locale],
    queryFn: ({ signal }) => getCalculator(params, locale, signal),
    staleTime: RATES_STALE_TIME,
    refetchInterval: RATES_REFETCH_INTERVAL,
  });

/**
 * The calculator for one currency and range. While another range of the same currency loads, the
 * previous chart stays on screen (`isPlaceholderData`); a new currency starts from a skeleton, so a number
 * is never shown under the wrong currency code.
 */
export function useCalculator(params: CalculatorParams) {
  return useQuery({
    ...getCalculatorQueryOptions(params, useLocale()),
    placeholderData: (previous) => (previous?.currency === params.currency ? previous : undefined),
  });
}
