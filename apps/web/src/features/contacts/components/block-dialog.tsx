import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type BlockDialogProps = {
  opened: boolean;
  username: string;
  /** The viewer trusts this user now: the dialog says the block replaces the trust. */
  isTrusted: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** "Block alice?": what blocking does before it is done; cannot be dismissed while the block is saved. */
export function BlockDialog({ opened, username, isTrusted, pending, onConfirm, onClose }: BlockDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={pending ? () => undefined : onClose}
      title={t('contacts.blockDialog.title', { username })}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{t('contacts.blockDialog.intro')}</Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('contacts.blockDialog.offers')}</List.Item>
          <List.Item>{t('contacts.blockDialog.trades')}</List.Item>
        </List>
        {isTrusted ? <Text size="sm">{t('contacts.blockDialog.trust', { username })}</Text> : null}
        <Text size="sm" c="dimmed">
          {t('contacts.blockDialog.undo')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('contacts.blockDialog.cancel')}
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm} data-autofocus>
            {t('contacts.blockDialog.confirm', { username })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
