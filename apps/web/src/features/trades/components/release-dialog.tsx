import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useApiErrorText } from '@/shared/api';
import { useCurrentUser } from '@/shared/session/current-user';
import { useTwoFactorState } from '@/features/two-factor/api/two-factor';
import {
  SecondFactorField,
  useSecondFactorErrorText,
} from '@/features/two-factor/components/second-factor-field';
import { useReleaseTrade } from '../api/trade-actions';

/**
 * The release's last confirmation. A seller who asks for a code at release types it here (the server
 * asks anyway: 403 `TWO_FACTOR_REQUIRED` opens the field if the page did not know); a wrong code keeps
 * the dialog open.
 */
export function ReleaseDialog({
  hash,
  opened,
  text,
  onClose,
}: {
  hash: string;
  opened: boolean;
  text: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const codeErrorText = useSecondFactorErrorText();
  const release = useReleaseTrade(hash);
  const asked = useCurrentUser().data?.twoFactor.release ?? false;
  const [required, setRequired] = useState(false);
  const needsCode = asked || required;
  const twoFactor = useTwoFactorState(opened && needsCode);
  const [code, setCode] = useState('');
  const codeError = release.isError ? codeErrorText(release.error) : null;
  const submit = () =>
    release.mutate(needsCode ? code : null, {
      onSuccess: onClose,
      onError: (error) => {
        if (isApiError(error) && error.code === 'TWO_FACTOR_REQUIRED') setRequired(true);
        else if (!codeErrorText(error)) onClose();
      },
    });
  return (
    <Modal
      opened={opened}
      onClose={release.isPending ? () => undefined : onClose}
      title={t('trades.actions.releaseFinalTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{text}</Text>
        {needsCode && twoFactor.data?.enabled ? (
          <SecondFactorField
            type={twoFactor.data.type === 'email' ? 'email' : 'ga'}
            value={code}
            onChange={setCode}
            error={codeError}
            autoFocus
          />
        ) : null}
        {release.isError && !codeError ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(release.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={release.isPending}>
            {t('trades.actions.back')}
          </Button>
          <Button
            color="red"
            loading={release.isPending}
            onClick={submit}
            disabled={needsCode && !code}
            data-testid="release-confirm"
          >
            {t('trades.actions.releaseConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
