import { phoneDataSchema, type PhoneData, type SendPhoneCodeBody } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';
import { currentUserQueryKey } from '@/shared/session/current-user';

export const phoneKey = ['phone'] as const;

/** GET /rest/v1/users/phone: the spec's phoneData. */
export function usePhoneState() {
  return useQuery({
    queryKey: phoneKey,
    queryFn: ({ signal }) => apiClient.get('/rest/v1/users/phone', { schema: phoneDataSchema, signal }),
  });
}

function usePhoneMutation<T>(call: (input: T) => Promise<PhoneData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => {
      queryClient.setQueryData(phoneKey, data);
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
    // A refusal may carry a new state (attempts exceeded): read it again.
    onError: () => void queryClient.invalidateQueries({ queryKey: phoneKey }),
  });
}

export const useSendPhoneCode = () =>
  usePhoneMutation((body: SendPhoneCodeBody) =>
    apiClient.post('/rest/v1/users/send-phone-code', { body, schema: phoneDataSchema }),
  );

export const useConfirmPhone = () =>
  usePhoneMutation((phoneCode: string) =>
    apiClient.post('/rest/v1/users/confirm-phone', { body: { phoneCode }, schema: phoneDataSchema }),
  );

export const useResetPhone = () =>
  usePhoneMutation(() => apiClient.post('/rest/v1/users/reset-phone', { schema: phoneDataSchema }));
