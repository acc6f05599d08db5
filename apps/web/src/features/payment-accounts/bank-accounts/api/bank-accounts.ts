import {
  bankAccountDetailSchema,
  bankAccountSchema,
  type BankAccount,
  type BankAccountBody,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/shared/api';

const BASE = '/rest/v1/bankaccounts';

/** Every query of this API: the list and each account read for its edit form. */
export const bankAccountsKey = ['payment-accounts', 'bank-accounts'] as const;
const listKey = [...bankAccountsKey, 'list'] as const;

/** `GET /rest/v1/bankaccounts`: my bank accounts, numbers masked by the server. */
export function useBankAccounts() {
  return useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => apiClient.get(BASE, { schema: z.array(bankAccountSchema), signal }),
  });
}

/** `GET /rest/v1/bankaccounts/{id}`: one account with its whole numbers and what uses it (the edit form). */
export function useBankAccount(id: number | null) {
  return useQuery({
    queryKey: [...bankAccountsKey, 'one', id],
    queryFn: ({ signal }) => apiClient.get(`${BASE}/${id}`, { schema: bankAccountDetailSchema, signal }),
    enabled: id !== null,
    // The form must start from what is stored now, not from a copy read minutes ago.
    staleTime: 0,
    gcTime: 0,
  });
}

/** `POST` (no id) or `PUT .../{id}` with the section-5 payload; the list is read again afterwards. */
export function useSaveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BankAccountBody }) =>
      id === null
        ? apiClient.post(BASE, { body, schema: bankAccountDetailSchema })
        : apiClient.put(`${BASE}/${id}`, { body, schema: bankAccountDetailSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankAccountsKey }),
  });
}

/**
 * `DELETE .../{id}`: the account leaves the list at once. A 422 `BANK_ACCOUNT_IN_USE` is left to the
 * caller (it opens the deletion-error modal).
 */
export function useDeleteBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiClient.delete(`${BASE}/${id}`, { schema: z.object({ id: z.number().int() }) }),
    onSuccess: ({ id }) => {
      queryClient.setQueryData<BankAccount[]>(listKey, (list) =>
        list?.filter((account) => account.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: bankAccountsKey });
    },
  });
}
