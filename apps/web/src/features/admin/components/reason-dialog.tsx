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
  reasonLabel,
  reasonMax = STAFF_REASON_MAX,
  checkReason,
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
  /** The reason field's label when someone other than the audit log reads it (the trader). */
  reasonLabel?: string;
  /** The reason's length limit when the action's schema is stricter than the audit log's. */
  reasonMax?: number;
  /** The action's own rule for the reason (its contract schema), as a message in the page's language. */
  checkReason?: (reason: string) => string | null;
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
    const problem = !reason.trim()
      ? t('admin.dispute.award.reasonRequired')
      : (checkReason?.(reason.trim()) ?? null);
    setReasonError(problem);
    if (problem || !extraOk) return;
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
          label={reasonLabel ?? t('admin.chargebacks.reason')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={reasonError}
          maxLength={reasonMax}
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
