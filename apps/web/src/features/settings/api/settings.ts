import {
  userSettingsSchema,
  type CloseAccountBody,
  type UserSettings,
  type UserSettingsBody,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/shared/api';
import { currentUserQueryKey } from '@/shared/session/current-user';

export const settingsKey = ['settings'] as const;

/** GET /rest/v1/users/settings. */
export function useSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => apiClient.get('/rest/v1/users/settings', { schema: userSettingsSchema, signal }),
  });
}

/** Every settings call answers the settings: the page shows them, the current user is re-read. */
function useSettingsMutation<T>(call: (input: T) => Promise<UserSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKey, settings);
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}

export const useSaveSettings = () =>
  useSettingsMutation((body: UserSettingsBody) =>
    apiClient.post('/rest/v1/users/settings', { body, schema: userSettingsSchema }),
  );

export const useSetUsername = () =>
  useSettingsMutation((username: string) =>
    apiClient.post('/rest/v1/users/set-username', { body: { username }, schema: userSettingsSchema }),
  );

/** POST /rest/v1/users/process-avatar: the picture as multipart (field "file"). */
export const useUploadAvatar = () =>
  useSettingsMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return apiClient.post('/rest/v1/users/process-avatar', { body: form, schema: userSettingsSchema });
  });

export const useRemoveAvatar = () =>
  useSettingsMutation(() => apiClient.delete('/rest/v1/users/avatar', { schema: userSettingsSchema }));

export const useCloseAccount = () =>
  useMutation({
    mutationFn: (body: CloseAccountBody) =>
      apiClient.post('/rest/v1/users/close', {
        body,
        schema: z.object({ closed: z.literal(true), redirectUrl: z.string() }),
      }),
  });
