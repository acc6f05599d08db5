import { STAFF_REASON_MAX } from '@app/contract';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useApiErrorText } from '@/shared/api';
import { toast } from '@/shared/ui/toast';
import { FormError } from '@/shared/ui/form-error';

/**
 * A console action's confirmation: what it does (`children`: text and any extra fields), the reason the
 * audit log keeps (required), cancel and confirm. The server's field errors go to the reason or, through
 * `onFieldErrors`, to the caller's own fields; anything else is shown above the buttons.
 */
export function ReasonDialog({
  title,
  confirmLabel,
  danger,
  doneMessage,
  onClose,
  onSubmit,
  validate,
  onFieldErrors,
  children,
}: {
  title: string;
  confirmLabel: string;
  danger: boolean;
  doneMessage: string;
  onClose: () => void;
  /** Sends the action with the trimmed reason; rejects with the API's error. */
  onSubmit: (reason: string) => Promise<unknown>;
  /** Checks the caller's extra fields first; false stops the submit. */
  validate?: () => boolean;
  onFieldErrors?: (errors: Record<string, string>) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async () => {
    const extraOk = validate ? validate() : true;
    setReasonError(reason.trim() ? null : t('admin.dispute.award.reasonRequired'));
    if (!reason.trim() || !extraOk) return;
    setPending(true);
    setFormError(null);
    try {
      await onSubmit(reason.trim());
      toast.success({ message: doneMessage });
      onClose();
    } catch (failure) {
      const details = isApiError(failure) ? failure.details : [];
      const fields = Object.fromEntries(details.map((d) => [d.field, d.message]));
      setReasonError(fields.reason ?? null);
      onFieldErrors?.(fields);
      if (details.length === 0) setFormError(errorText(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack gap="sm">
        {children}
        <Textarea
          label={t('admin.chargebacks.reason')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={reasonError}
          maxLength={STAFF_REASON_MAX}
          autosize
          minRows={2}
          withAsterisk
        />
        <FormError message={formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color={danger ? 'red' : 'blue'} onClick={() => void submit()} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
