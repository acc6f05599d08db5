import { DISPUTE_REASON_TEXT_MAX, type Trade } from '@app/contract';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/shared/api';
import { ErrorState } from '@/shared/ui/error-state';
import { PageLoader } from '@/shared/ui/page-loader';
import { useDisputeReasons } from '../api/get-dispute-reasons';
import { useOpenDispute } from '../api/trade-actions';
import { FormError } from '@/shared/ui/form-error';

type DisputeModalProps = { trade: Trade; opened: boolean; onClose: () => void };

/**
 * Opening a dispute (spec: dispute reason modal): the reasons this side may give
 * (`GET /rest/v1/dispute/reasons`), a text where the reason needs one, then
 * `POST /rest/v1/trade/{id}/dispute {dispute_reason_id, dispute_reason_text}`. Server field errors
 * land on their fields.
 */
export function DisputeModal({ trade, opened, onClose }: DisputeModalProps) {
  const { t } = useTranslation();
  const side = trade.role === 'seller' ? 'seller' : 'buyer';
  const reasons = useDisputeReasons(side, opened);
  const mutation = useOpenDispute(trade.id);
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; text?: string; form?: string }>({});

  // The next opening starts from a blank form.
  const close = () => {
    setReasonId(null);
    setText('');
    setErrors({});
    onClose();
  };

  const reason = reasons.data?.find((item) => String(item.id) === reasonId) ?? null;

  const submit = async () => {
    const next: typeof errors = {};
    if (!reason) next.reason = t('trades.dispute.chooseReason');
    if (reason?.requiresText && text.trim() === '') next.text = t('trades.dispute.textRequired');
    setErrors(next);
    if (!reason || Object.keys(next).length > 0) return;
    try {
      await mutation.mutateAsync({ dispute_reason_id: reason.id, dispute_reason_text: text.trim() });
      close();
    } catch (error) {
      if (!isApiError(error)) {
        setErrors({ form: t('common.unexpectedError') });
        return;
      }
      if (error.isValidationError && error.details.length > 0) {
        const byField: typeof errors = {};
        for (const detail of error.details) {
          if (detail.field === 'dispute_reason_id') byField.reason = detail.message;
          else if (detail.field === 'dispute_reason_text') byField.text = detail.message;
          else byField.form = detail.message;
        }
        setErrors(byField);
        return;
      }
      setErrors({ form: error.message });
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={mutation.isPending ? () => undefined : close}
      title={t('trades.dispute.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md" data-testid="dispute-modal">
        <Text size="sm" c="dimmed">
          {t('trades.dispute.intro')}
        </Text>
        {reasons.isPending ? (
          <PageLoader minHeight={120} />
        ) : reasons.isError ? (
          <ErrorState message={t('trades.dispute.reasonsError')} onRetry={() => void reasons.refetch()} />
        ) : (
          <Radio.Group
            value={reasonId}
            onChange={setReasonId}
            label={t('trades.dispute.reason')}
            error={errors.reason}
            required
          >
            <Stack gap="xs" mt="xs">
              {reasons.data.map((item) => (
                <Radio key={item.id} value={String(item.id)} label={item.name} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Textarea
          label={t('trades.dispute.text')}
          description={t('trades.dispute.textHint', { max: DISPUTE_REASON_TEXT_MAX })}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={DISPUTE_REASON_TEXT_MAX}
          autosize
          minRows={3}
          required={reason?.requiresText ?? false}
          error={errors.text}
        />
        <FormError message={errors.form} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={mutation.isPending}>
            {t('trades.actions.back')}
          </Button>
          <Button color="orange" loading={mutation.isPending} onClick={() => void submit()}>
            {t('trades.dispute.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
