import { COUNTRIES_PAGE_SIZE, countrySchema, type Locale } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/shared/api';
import { useLocale } from '@/shared/i18n/locale-context';
import { REFERENCE_GC_TIME, REFERENCE_STALE_TIME } from './stale-time';

const countriesSchema = z.array(countrySchema);

/**
 * `GET /rest/v2/countries?iso_null=1&limit=500&offset=0`: every country sorted by localized name, with the
 * WORLDWIDE pseudo-country first. One page holds them all (about 250); the picker filters WORLDWIDE and
 * KYC support itself, so every picker shares one cached answer.
 */
export function getCountries(locale: Locale, signal?: AbortSignal) {
  return apiClient.get('/rest/v2/countries', {
    query: { iso_null: 1, limit: COUNTRIES_PAGE_SIZE, offset: 0, locale },
    schema: countriesSchema,
    signal,
  });
}

export const getCountriesQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['catalogue', 'countries', locale],
    queryFn: ({ signal }) => getCountries(locale, signal),
    staleTime: REFERENCE_STALE_TIME,
    gcTime: REFERENCE_GC_TIME,
  });

export function useCountries() {
  return useQuery(getCountriesQueryOptions(useLocale()));
}
