import {
  corporateAccountSchema,
  corporateConversionSchema,
  type ConvertToCorporateBody,
} from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { currentUserQueryKey } from '@/shared/session/current-user';
import { kycKeys } from './query-keys';

/**
 * The company account lives on the current user (`corporateAccount`) and its papers in my requests:
 * every corporate call reads both again.
 */
function useCorporateMutation<T, R>(call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
        queryClient.invalidateQueries({ queryKey: kycKeys.all }),
      ]),
  });
}

/** `POST /rest/v1/users/corporate-accounts/convert-to-corporate`: the company's application. */
export const useConvertToCorporate = () =>
  useCorporateMutation((body: ConvertToCorporateBody) =>
    apiClient.post('/rest/v1/users/corporate-accounts/convert-to-corporate', {
      body,
      schema: corporateConversionSchema,
    }),
  );

/** `POST /rest/v1/users/corporate-accounts/convert-to-personal`: back to a personal account. */
export const useConvertToPersonal = () =>
  useCorporateMutation(() =>
    apiClient.post('/rest/v1/users/corporate-accounts/convert-to-personal', {
      schema: corporateConversionSchema,
    }),
  );

/** `POST /rest/v1/users/postpone-company-verification`: the reminder hidden for a week. */
export const usePostponeCompanyVerification = () =>
  useCorporateMutation(() =>
    apiClient.post('/rest/v1/users/postpone-company-verification', { schema: corporateAccountSchema }),
  );
