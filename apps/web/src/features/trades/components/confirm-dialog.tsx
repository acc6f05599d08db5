import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** A yes/no question before an action; cannot be dismissed while the action runs. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  confirmColor,
  pending = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={pending ? () => undefined : onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm" component="div">
          {children}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('trades.actions.back')}
          </Button>
          <Button color={confirmColor} loading={pending} onClick={onConfirm} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
