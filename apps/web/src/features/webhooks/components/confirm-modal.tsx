import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/shared/ui/form-error';

/**
 * Asks before an action that cannot be taken back (rotating the secret, removing the webhook): what
 * it does, Cancel, and the action in red. A failure stays in the dialog.
 */
export function ConfirmModal({
  opened,
  title,
  body,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={() => (pending ? undefined : onClose())} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{body}</Text>
        <FormError message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
