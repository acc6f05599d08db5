import { calculatorCurrencySchema, type Locale } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/shared/api';
import { useLocale } from '@/shared/i18n/locale-context';
import { RATES_STALE_TIME } from './stale-time';

const calculatorCurrenciesSchema = z.array(calculatorCurrencySchema);

/** `GET /rest/v1/calculator/currency`: the currencies the calculator has a rate for, popular first. */
export function getCalculatorCurrencies(locale: Locale, signal?: AbortSignal) {
  return apiClient.get('/rest/v1/calculator/currency', {
    query: { locale },
    schema: calculatorCurrenciesSchema,
    signal,
  });
}

export const getCalculatorCurrenciesQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['calculator', 'currencies', locale],
    queryFn: ({ signal }) => getCalculatorCurrencies(locale, signal),
    staleTime: RATES_STALE_TIME,
  });

export function useCalculatorCurrencies() {
  return useQuery(getCalculatorCurrenciesQueryOptions(useLocale()));
}
