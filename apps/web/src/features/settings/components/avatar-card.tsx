import type { UserSettings } from '@app/contract';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '@/shared/api';
import { toast } from '@/shared/ui/toast';
import { useRemoveAvatar, useUploadAvatar } from '../api/settings';
import { useSettingsFieldErrors } from './settings-form';

/** The avatar: a picture (JPEG, PNG, WebP up to 5 MB, judged by the server by content), or none. */
export function AvatarCard({ settings, username }: { settings: UserSettings; username: string }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const fieldErrors = useSettingsFieldErrors();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const [error, setError] = useState<string | null>(null);
  const onFile = (file: File | null) => {
    if (!file) return;
    setError(null);
    if (file.size > 5 * 1_048_576) {
      setError(t('settings.avatar.tooLarge'));
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast.success({ message: t('settings.updated') }),
      onError: (failure) => setError(fieldErrors(failure).file ?? errorText(failure)),
    });
  };
  return (
    <Group gap="md" align="center" wrap="nowrap">
      <Avatar src={settings.avatarUrl} alt={t('settings.avatar.alt', { username })} size={72} radius="xl" />
      <Stack gap={6} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <FileButton onChange={onFile} accept="image/jpeg,image/png,image/webp">
            {(props) => (
              <Button {...props} size="xs" loading={upload.isPending}>
                {settings.avatarUrl ? t('settings.avatar.change') : t('settings.avatar.upload')}
              </Button>
            )}
          </FileButton>
          {settings.avatarUrl ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(undefined, { onError: (failure) => setError(errorText(failure)) })}
            >
              {t('settings.avatar.remove')}
            </Button>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {t('settings.avatar.help')}
        </Text>
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
