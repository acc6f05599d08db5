import { Button, CloseButton, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './global-error-modal.module.css';
import { globalErrorModal, useGlobalErrorModal } from './global-error-modal-store';
import { IconAlertCircle, IconRefresh } from './icons';

/**
 * The app-wide error modal. "default": an operation is failing and being retried (e.g. the ledger is
 * settling asynchronously). "page-reload-required": part of the app could not be loaded; a reload
 * fetches the current version.
 *
 * A native <dialog> (top layer, inert page behind, Escape, focus kept inside) rather than Mantine's
 * Modal: it is in the main bundle on every first visit, and it must work when no other chunk can load.
 */
export function GlobalErrorModal() {
  const { t } = useTranslation();
  const { opened, type } = useGlobalErrorModal();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const reload = type === 'page-reload-required';

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (opened && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!opened && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [opened]);

  return (
    <dialog
      ref={ref}
      className={classes.dialog}
      aria-labelledby={titleId}
      // Escape: the store decides (the dialog itself stays in step through the effect above).
      onCancel={(event) => {
        event.preventDefault();
        globalErrorModal.dismiss();
      }}
    >
      {opened ? (
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={2} size="h4" id={titleId}>
              {reload ? t('errorModal.reload.title') : t('errorModal.default.title')}
            </Title>
            <CloseButton aria-label={t('common.close')} onClick={() => globalErrorModal.dismiss()} />
          </Group>
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
      ) : null}
    </dialog>
  );
}
