import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '@/shared/api';
import { applySessionChange } from '@/shared/session/session-change';
import { useCloseAccount } from '../api/settings';
import { useSettingsFieldErrors } from './settings-form';

/**
 * Closing the account, for good: what it means, the password, a last confirmation. Refused while a trade
 * runs or money is on the account (the server says which).
 */
export function CloseAccountCard() {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const fieldErrors = useSettingsFieldErrors();
  const queryClient = useQueryClient();
  const close = useCloseAccount();
  const [opened, setOpened] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    setError(null);
    close.mutate(
      { password },
      {
        onSuccess: ({ redirectUrl }) => {
          void applySessionChange(queryClient, null).then(() => window.location.assign(redirectUrl));
        },
        onError: (failure) => setError(fieldErrors(failure).password ?? errorText(failure)),
      },
    );
  };
  return (
    <Stack gap="xs">
      <Text size="sm">{t('settings.close.explain')}</Text>
      <Button color="red" variant="light" onClick={() => setOpened(true)} style={{ alignSelf: 'flex-start' }}>
        {t('settings.close.open')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('settings.close.title')} centered>
        <Stack gap="sm">
          <Alert color="red" variant="light">
            <Text size="sm">{t('settings.close.warning')}</Text>
          </Alert>
          <PasswordInput
            label={t('settings.close.password')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="current-password"
            error={error}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePasswordVisibility') }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={submit} loading={close.isPending} disabled={!password}>
              {t('settings.close.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
