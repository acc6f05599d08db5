import {
  mobileMoneyWalletDeletedSchema,
  mobileMoneyWalletListSchema,
  mobileMoneyWalletSchema,
  type mobileMoneyWalletBodySchema,
  type MobileMoneyWalletList,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/shared/api';
import { useLocale } from '@/shared/i18n/locale-context';

/** The body the form sends (the contract schema's output: trimmed, the country uppercased). */
export type MobileMoneyWalletValues = z.output<typeof mobileMoneyWalletBodySchema>;

const BASE = '/rest/v1/mobile-money-wallets';

/** Every query of this API; the list and the single reads are per language (provider names). */
export const mobileMoneyWalletsKey = ['payment-accounts', 'mobile-money-wallets'] as const;

/** `GET /rest/v1/mobile-money-wallets`: my wallets (numbers masked) and the providers to add one with. */
export function useMobileMoneyWallets() {
  const locale = useLocale();
  return useQuery({
    queryKey: [...mobileMoneyWalletsKey, 'list', locale],
    queryFn: ({ signal }) =>
      apiClient.get(BASE, { query: { locale }, schema: mobileMoneyWalletListSchema, signal }),
  });
}

/** `GET /rest/v1/mobile-money-wallets/{id}`: one wallet with its whole number, for the edit form. */
export function useMobileMoneyWallet(id: number | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: [...mobileMoneyWalletsKey, 'one', id, locale],
    queryFn: ({ signal }) =>
      apiClient.get(`${BASE}/${id}`, { query: { locale }, schema: mobileMoneyWalletSchema, signal }),
    enabled: id !== null,
    // The edit form must start from what is stored now, not from a copy read minutes ago.
    staleTime: 0,
    gcTime: 0,
  });
}

/** `POST` (no id) or `PUT .../{id}`; the list is read again afterwards (the server masks the number). */
export function useSaveMobileMoneyWallet() {
  const queryClient = useQueryClient();
  const locale = useLocale();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: MobileMoneyWalletValues }) =>
      id === null
        ? apiClient.post(BASE, { query: { locale }, body, schema: mobileMoneyWalletSchema })
        : apiClient.put(`${BASE}/${id}`, { query: { locale }, body, schema: mobileMoneyWalletSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mobileMoneyWalletsKey }),
  });
}

/** `DELETE .../{id}`: the wallet leaves the list at once (spec: "delete removes it from the list"). */
export function useDeleteMobileMoneyWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.delete(`${BASE}/${id}`, { schema: mobileMoneyWalletDeletedSchema }),
    onSuccess: ({ id }) => {
      queryClient.setQueriesData<MobileMoneyWalletList>(
        { queryKey: [...mobileMoneyWalletsKey, 'list'] },
        (list) => list && { ...list, mobileMoneyWallets: list.mobileMoneyWallets.filter((w) => w.id !== id) },
      );
      void queryClient.invalidateQueries({ queryKey: mobileMoneyWalletsKey });
    },
  });
}
