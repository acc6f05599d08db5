import type { UserSettings } from '@app/contract';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '@/shared/api';
import { toast } from '@/shared/ui/toast';
import { useSetUsername } from '../api/settings';
import { useSettingsFieldErrors } from './settings-form';

/** The username: changeable once (the spec's `usernameChanged`), after saying so. */
export function UsernameCard({ settings, username }: { settings: UserSettings; username: string }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const fieldErrors = useSettingsFieldErrors();
  const rename = useSetUsername();
  const [value, setValue] = useState(username);
  const [error, setError] = useState<string | null>(null);
  if (settings.usernameChanged) {
    return (
      <Text size="sm" c="dimmed" data-testid="username-changed">
        {t('settings.username.changed', { username })}
      </Text>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        rename.mutate(value.trim(), {
          onSuccess: () => toast.success({ message: t('settings.username.done') }),
          onError: (failure) => setError(fieldErrors(failure).username ?? errorText(failure)),
        });
      }}
      noValidate
    >
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('settings.username.once')}
        </Text>
        <Group align="flex-start" gap="xs" wrap="wrap">
          <TextInput
            label={t('settings.username.label')}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={error}
            autoComplete="username"
            maxLength={24}
            style={{ flex: '1 1 200px' }}
          />
          <Button
            type="submit"
            loading={rename.isPending}
            disabled={value.trim() === username}
            mt={{ base: 0, xs: 25 }}
          >
            {t('settings.username.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
