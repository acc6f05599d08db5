import { apiKeyListSchema, createdApiKeySchema, type CreateApiKeyBody } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/shared/api';
import { currentUserQueryKey } from '@/shared/session/current-user';

export const apiKeysQueryKey = ['api-keys'] as const;

/** `GET /rest/v1/api-keys`: my active keys, newest first, and how many I may hold. */
export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysQueryKey,
    queryFn: ({ signal }) => apiClient.get('/rest/v1/api-keys', { schema: apiKeyListSchema, signal }),
  });
}

/** Creating or revoking a key changes the list and the current user's `isApiKeyConnected`. */
function useKeysMutation<T, R>(call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]),
  });
}

/** `POST /rest/v1/api-keys`: the answer carries the secret, this once. */
export const useCreateApiKey = () =>
  useKeysMutation((body: CreateApiKeyBody) =>
    apiClient.post('/rest/v1/api-keys', { body, schema: createdApiKeySchema }),
  );

/** `DELETE /rest/v1/api-keys/{id}`: refused from its next call on. */
export const useRevokeApiKey = () =>
  useKeysMutation((id: number) =>
    apiClient.delete(`/rest/v1/api-keys/${id}`, { schema: z.object({ id: z.number().int() }) }),
  );
