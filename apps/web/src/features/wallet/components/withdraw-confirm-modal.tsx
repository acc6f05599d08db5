import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle, IconAlertTriangle } from '@/shared/ui/icons';
import { CryptoAmount } from './amount';
import { CoinIcon } from './coin-icon';
import type { FeeBreakdown } from './fee-preview';
import classes from './wallet.module.css';

export type WithdrawReview = FeeBreakdown & {
  amount: string;
  total: string;
  coinName: string;
  /** The external address or the recipient's username. */
  destination: string;
  /** The coin runs on the simulated chain: an external send goes nowhere (decision 0047). */
  simulated: boolean;
};

type WithdrawConfirmModalProps = {
  review: WithdrawReview | null;
  pending: boolean;
  /** A failure after which sending again is safe (the same idempotency key is reused). */
  error: string | null;
  /** The two-factor code field, when the user asks for a code at send-out (decision 0028). */
  secondFactor?: ReactNode;
  /** Sending waits for something (the code). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** The last look before an irreversible send: coin, amount, fee, total and destination. */
export function WithdrawConfirmModal({
  review,
  pending,
  error,
  secondFactor,
  confirmDisabled = false,
  onConfirm,
  onClose,
}: WithdrawConfirmModalProps) {
  const { t } = useTranslation();
  const row = (label: string, content: ReactNode) => (
    <div className={classes.previewRow}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {content}
    </div>
  );
  return (
    <Modal
      opened={review !== null}
      onClose={pending ? () => undefined : onClose}
      title={review?.internal ? t('wallet.confirm.titleInternal') : t('wallet.confirm.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {review ? (
        <Stack gap="md" data-testid="withdraw-confirm">
          <Group gap="sm" wrap="nowrap">
            <CoinIcon code={review.code} size={32} />
            <Text fw={600}>
              {review.coinName} ({review.code})
            </Text>
          </Group>
          <Stack gap={8}>
            {row(
              t('wallet.confirm.amount'),
              <CryptoAmount amount={review.amount} code={review.code} alwaysVisible exact fw={600} />,
            )}
            {row(
              review.internal
                ? t('wallet.withdraw.feeInternal')
                : t('wallet.withdraw.networkFee', { network: review.network }),
              <CryptoAmount amount={review.fee} code={review.code} alwaysVisible exact />,
            )}
            {row(
              t('wallet.withdraw.totalDebited'),
              <CryptoAmount
                amount={review.total}
                code={review.code}
                alwaysVisible
                exact
                fw={700}
                fz="lg"
                data-testid="confirm-total"
              />,
            )}
          </Stack>
          <div>
            <Text size="sm" c="dimmed">
              {review.internal
                ? t('wallet.confirm.toUser')
                : t('wallet.confirm.toAddress', { network: review.network })}
            </Text>
            <Text
              fw={600}
              className={review.internal ? undefined : classes.mono}
              data-testid="confirm-destination"
            >
              {review.internal ? `@${review.destination}` : review.destination}
            </Text>
          </div>
          {review.simulated && !review.internal ? (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle />}
              data-testid="demo-network-confirm"
            >
              {t('wallet.demoNetwork.confirm', { code: review.code })}
            </Alert>
          ) : null}
          <Alert color="orange" variant="light" icon={<IconAlertCircle />}>
            {review.internal ? t('wallet.confirm.irreversibleInternal') : t('wallet.confirm.irreversible')}
          </Alert>
          {secondFactor}
          {error ? (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle />}>
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('common.cancel')}
            </Button>
            <Button onClick={onConfirm} loading={pending} color="brand" disabled={confirmDisabled}>
              {error ? t('wallet.confirm.retry') : t('wallet.confirm.send')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
