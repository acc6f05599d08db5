import {
  bankAccountSchema,
  mobileMoneyWalletListSchema,
  type BankAccount,
  type Locale,
  type MobileMoneyWalletList,
} from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/shared/api';
import { useLocale } from '@/shared/i18n/locale-context';
import { offerManagerKeys } from './query-keys';

/**
 * The owner's receiving accounts, for the sell offer's "where buyers pay you" picker (decision 0034).
 * Numbers come masked. Read again whenever the editor's tab regains focus (staleTime 0): the owner may
 * have added an account in the payment-accounts page, opened in another tab from the picker.
 */

/** `GET /rest/v1/bankaccounts`: my bank accounts, every currency. */
export function getMyBankAccounts(signal?: AbortSignal): Promise<BankAccount[]> {
  return apiClient.get('/rest/v1/bankaccounts', { schema: z.array(bankAccountSchema), signal });
}

/** `GET /rest/v1/mobile-money-wallets`: my wallets (provider names in the page's language). */
export function getMyMobileMoneyWallets(
  locale: Locale,
  signal?: AbortSignal,
): Promise<MobileMoneyWalletList> {
  return apiClient.get('/rest/v1/mobile-money-wallets', {
    query: { locale },
    schema: mobileMoneyWalletListSchema,
    signal,
  });
}

/** My bank accounts; only asked for when `enabled` (a sell offer paid by bank transfer). */
export function useMyBankAccounts({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: offerManagerKeys.bankAccounts(),
    queryFn: ({ signal }) => getMyBankAccounts(signal),
    enabled,
    staleTime: 0,
  });
}

/** My mobile money wallets; only asked for when `enabled` (a sell offer paid by mobile money). */
export function useMyMobileMoneyWallets({ enabled }: { enabled: boolean }) {
  const locale = useLocale();
  return useQuery({
    queryKey: offerManagerKeys.mobileMoneyWallets(locale),
    queryFn: ({ signal }) => getMyMobileMoneyWallets(locale, signal),
    enabled,
    staleTime: 0,
  });
}
