import { verificationCountriesSchema, verificationDocumentCountriesSchema } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { useLocale } from '@/shared/i18n/locale-context';
import { kycKeys } from './query-keys';

/** Reference lists change with a deploy, not while a page is open. */
const REFERENCE_STALE_MS = 60 * 60_000;

/** `GET /rest/v1/verification/supported-countries?locale=`: where verification is offered, named in my language. */
export function useVerificationCountries() {
  const locale = useLocale();
  return useQuery({
    queryKey: kycKeys.countries(locale),
    queryFn: ({ signal }) =>
      apiClient.get('/rest/v1/verification/supported-countries', {
        query: { locale },
        schema: verificationCountriesSchema,
        signal,
      }),
    staleTime: REFERENCE_STALE_MS,
  });
}

/** `GET /rest/v1/verification/document-country`: the ID documents each country's verification accepts. */
export function useDocumentCountries() {
  return useQuery({
    queryKey: kycKeys.documentCountries(),
    queryFn: ({ signal }) =>
      apiClient.get('/rest/v1/verification/document-country', {
        schema: verificationDocumentCountriesSchema,
        signal,
      }),
    staleTime: REFERENCE_STALE_MS,
  });
}
