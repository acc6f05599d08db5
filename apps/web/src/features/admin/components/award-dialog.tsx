import { STAFF_REASON_MAX, type AdminDispute } from '@app/contract';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAmountFormat } from '@/features/catalogue';
import { isApiError, useApiErrorText } from '@/shared/api';
import { toast } from '@/shared/ui/toast';
import { useAwardDispute } from '../api/disputes';
import { FormError } from '@/shared/ui/form-error';

type Winner = 'buyer' | 'seller';

/**
 * The decision, in two steps: who wins and why (both parties read the reason), then a confirmation that
 * says exactly what moves to whom, since the award cannot be undone. Server field errors land on the field.
 */
export function AwardDialog({
  dispute,
  opened,
  onClose,
}: {
  dispute: AdminDispute;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useAmountFormat();
  const errorText = useApiErrorText();
  const award = useAwardDispute(dispute.tradeHash);
  const [winner, setWinner] = useState<Winner | null>(null);
  const [reason, setReason] = useState('');
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [errors, setErrors] = useState<{ winner?: string; reason?: string; form?: string }>({});

  const close = () => {
    setWinner(null);
    setReason('');
    setStep('form');
    setErrors({});
    award.reset();
    onClose();
  };
  // The whole escrow moves: the dialog names it to the last digit (decision 0053).
  const money = {
    amount: format.cryptoDisplay(dispute.escrowAmount, dispute.cryptoCode, { exact: true }).text,
    code: dispute.cryptoCode,
  };

  const next = () => {
    const found: typeof errors = {};
    if (!winner) found.winner = t('admin.dispute.award.chooseWinner');
    if (!reason.trim()) found.reason = t('admin.dispute.award.reasonRequired');
    setErrors(found);
    if (Object.keys(found).length === 0) setStep('confirm');
  };

  const confirm = async () => {
    if (!winner) return;
    try {
      await award.mutateAsync({ winner, reason: reason.trim() });
      toast.success({ message: t('admin.dispute.award.done') });
      close();
    } catch (error) {
      const field = isApiError(error)
        ? error.details.find((d) => d.field === 'reason' || d.field === 'winner')
        : undefined;
      setStep('form');
      setErrors(field ? { [field.field]: field.message } : { form: errorText(error) });
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={step === 'form' ? t('admin.dispute.award.title') : t('admin.dispute.award.confirmTitle')}
      centered
    >
      {step === 'form' ? (
        <Stack gap="md">
          <FormError message={errors.form} />
          <Radio.Group
            label={t('admin.dispute.award.winner')}
            value={winner}
            onChange={(value) => setWinner(value as Winner)}
            error={errors.winner}
            withAsterisk
          >
            <Stack gap="xs" mt="xs">
              <Radio
                value="buyer"
                label={t('admin.dispute.award.buyer', { ...money, name: dispute.buyer.username })}
              />
              <Radio
                value="seller"
                label={t('admin.dispute.award.seller', { ...money, name: dispute.seller.username })}
              />
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('admin.dispute.award.reason')}
            placeholder={t('admin.dispute.award.reasonPlaceholder')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={errors.reason}
            maxLength={STAFF_REASON_MAX}
            autosize
            minRows={3}
            withAsterisk
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button onClick={next}>{t('admin.dispute.award.continue')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text data-testid="award-confirm-text">
            {winner === 'buyer'
              ? t('admin.dispute.award.confirmBuyer', { ...money, name: dispute.buyer.username })
              : t('admin.dispute.award.confirmSeller', { ...money, name: dispute.seller.username })}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('admin.dispute.decision.reason', { reason: reason.trim() })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep('form')} disabled={award.isPending}>
              {t('admin.dispute.award.back')}
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={award.isPending}>
              {t('admin.dispute.award.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
