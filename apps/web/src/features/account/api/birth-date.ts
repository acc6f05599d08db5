import { birthDateStateSchema, type BirthDateState } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/shared/api';

const birthDateKey = ['account', 'birth-date'] as const;

/** `GET /rest/v1/users/birth-date`: my date of birth once confirmed (decision 0054). */
export function useBirthDate({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: birthDateKey,
    queryFn: ({ signal }) =>
      apiClient.get('/rest/v1/users/birth-date', { schema: birthDateStateSchema, signal }),
    enabled,
    // It changes once, by this browser's own confirmation (which writes the answer in).
    staleTime: Infinity,
  });
}

/** `POST /rest/v1/users/confirm-birthday { birth_date }`: once; the answer replaces the cached one. */
export function useConfirmBirthDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (birthDate: string) =>
      apiClient.post('/rest/v1/users/confirm-birthday', {
        body: { birth_date: birthDate },
        schema: birthDateStateSchema,
      }),
    onSuccess: (state: BirthDateState) => queryClient.setQueryData(birthDateKey, state),
    // Confirmed elsewhere meanwhile (409): read what the server has.
    onError: () => queryClient.invalidateQueries({ queryKey: birthDateKey }),
  });
}
