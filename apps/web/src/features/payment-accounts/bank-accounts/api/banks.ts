import { BANKS_LIMIT_MAX, bankSchema, type Bank } from '@app/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, isApiError } from '@/shared/api';
import type { BankLookupRequest } from '../utils/bank-form';

/** The directory ships with a release: an answer stays good for the whole visit. */
const DIRECTORY_STALE_TIME = 60 * 60 * 1000;
/** How long the user may pause typing before a lookup goes out. */
export const LOOKUP_DEBOUNCE_MS = 300;

/** `GET /rest/v1/banks?country_id=&limit=1000`: the bank picker's list (only Nigeria's form has one). */
export function useBanks(countryId: string | null) {
  return useQuery({
    queryKey: ['banks', 'list', countryId],
    queryFn: ({ signal }) =>
      apiClient.get('/rest/v1/banks', {
        query: { country_id: countryId, limit: BANKS_LIMIT_MAX },
        schema: z.array(bankSchema),
        signal,
      }),
    enabled: countryId !== null,
    staleTime: DIRECTORY_STALE_TIME,
  });
}

function lookUp({ kind, value, countryId }: BankLookupRequest, signal: AbortSignal): Promise<Bank> {
  switch (kind) {
    case 'iban':
      return apiClient.get('/rest/v1/banks/by-iban', { query: { iban: value }, schema: bankSchema, signal });
    case 'routing':
      return apiClient.get('/rest/v1/banks/by-routing-number', {
        query: { routing_number: value, country_id: countryId },
        schema: bankSchema,
        signal,
      });
    case 'swift':
      return apiClient.get('/rest/v1/banks/by-swift', {
        query: { swift_code: value },
        schema: bankSchema,
        signal,
      });
  }
}

export type BankLookup =
  | { status: 'idle' }
  | { status: 'pending'; field: BankLookupRequest['field'] }
  | { status: 'found'; field: BankLookupRequest['field']; bank: Bank }
  | { status: 'notFound' | 'failed'; field: BankLookupRequest['field'] };

/**
 * The bank behind an IBAN, a routing number (ABA, sort code, BIK, IFSC, CLABE) or a SWIFT code, looked up
 * once the user pauses typing. The caller passes a request only when the value has the right shape, so
 * a half-typed code never asks; the directory answers 404 for a bank it does not know (`notFound`).
 */
export function useBankLookup(request: BankLookupRequest | null): BankLookup {
  const signature = request ? JSON.stringify(request) : '';
  const [debounced] = useDebouncedValue(signature, LOOKUP_DEBOUNCE_MS);
  const settled = debounced !== '' && debounced === signature ? request : null;
  const query = useQuery({
    queryKey: ['banks', 'lookup', settled?.kind, settled?.value, settled?.countryId],
    queryFn: async ({ signal }): Promise<Bank | null> => {
      try {
        return await lookUp(settled!, signal);
      } catch (error) {
        // 404: not in the directory; 422: a shape the server reads differently. Either way, no bank.
        if (isApiError(error) && (error.status === 404 || error.status === 422)) return null;
        throw error;
      }
    },
    enabled: settled !== null,
    staleTime: DIRECTORY_STALE_TIME,
  });

  if (!request) return { status: 'idle' };
  const { field } = request;
  if (!settled || query.isPending) return { status: 'pending', field };
  if (query.isError) return { status: 'failed', field };
  return query.data ? { status: 'found', field, bank: query.data } : { status: 'notFound', field };
}
