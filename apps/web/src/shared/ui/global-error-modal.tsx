import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { globalErrorModal, useGlobalErrorModal } from './global-error-modal-store';
import { IconAlertCircle, IconRefresh } from './icons';

/**
 * The app-wide error modal. "default": an operation is failing and being retried (e.g. the ledger is
 * settling asynchronously). "page-reload-required": part of the app could not be loaded; a reload
 * fetches the current version.
 */
export function GlobalErrorModal() {
  const { t } = useTranslation();
  const { opened, type } = useGlobalErrorModal();
  const reload = type === 'page-reload-required';
  return (
    <Modal
      opened={opened}
      onClose={() => globalErrorModal.dismiss()}
      title={reload ? t('errorModal.reload.title') : t('errorModal.default.title')}
      centered
      radius="lg"
      transitionProps={{ duration: 300 }}
    >
      <Stack gap="md">
        <Group wrap="nowrap" align="flex-start" gap="md">
          <ThemeIcon size={40} radius="xl" variant="light" color={reload ? 'brand' : 'orange'} aria-hidden>
            {reload ? <IconRefresh /> : <IconAlertCircle />}
          </ThemeIcon>
          <Text size="sm">{reload ? t('errorModal.reload.message') : t('errorModal.default.message')}</Text>
        </Group>
        <Group justify="flex-end">
          {reload ? (
            <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
              {t('errorModal.reload.action')}
            </Button>
          ) : (
            <Button variant="default" onClick={() => globalErrorModal.dismiss()}>
              {t('common.close')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
