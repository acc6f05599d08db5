import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimalString } from '@/features/catalogue';
import { formatFiat } from '@/features/marketplace';
import { useLocale } from '@/shared/i18n/locale-context';
import classes from './offer.module.css';

export type TradeReview = {
  side: 'buy' | 'sell';
  fiatAmount: string;
  fiatCode: string;
  cryptoAmount: string;
  cryptoCode: string;
  cryptoDecimals: number;
  price: string;
  paymentMethod: string;
  paymentWindow: number;
  owner: string;
};

type StartTradeModalProps = {
  review: TradeReview | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * The last look before a trade starts (the seller's crypto is locked in escrow at once): amounts, price,
 * method, counterparty and the payment window.
 */
export function StartTradeModal({ review, pending, onConfirm, onClose }: StartTradeModalProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const row = (label: string, content: ReactNode, testId?: string) => (
    <div className={classes.detailRow}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} className={classes.numeric} data-testid={testId}>
        {content}
      </Text>
    </div>
  );
  return (
    <Modal
      opened={review !== null}
      onClose={pending ? () => undefined : onClose}
      centered
      title={review?.side === 'sell' ? t('offer.confirm.titleSell') : t('offer.confirm.titleBuy')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {review ? (
        <Stack gap="md" data-testid="start-trade-confirm">
          <Stack gap={8}>
            {row(
              review.side === 'buy' ? t('offer.trade.youPay') : t('offer.trade.youReceive'),
              formatFiat(review.fiatAmount, review.fiatCode, locale),
              'confirm-fiat',
            )}
            {row(
              review.side === 'buy' ? t('offer.trade.youReceive') : t('offer.trade.youSell'),
              `${formatDecimalString(review.cryptoAmount, locale, { maxFraction: review.cryptoDecimals })} ${review.cryptoCode}`,
              'confirm-crypto',
            )}
            {row(
              t('offer.confirm.price', { crypto: review.cryptoCode }),
              formatFiat(review.price, review.fiatCode, locale),
            )}
            {row(t('offer.details.paymentMethod'), review.paymentMethod)}
            {row(t('offer.confirm.counterparty'), review.owner)}
            {row(
              t('offer.details.paymentWindow'),
              t('offer.details.minutes', { count: review.paymentWindow }),
            )}
          </Stack>
          <Text size="sm" c="dimmed">
            {review.side === 'buy'
              ? t('offer.confirm.noteBuy', { count: review.paymentWindow })
              : t('offer.confirm.noteSell')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('offer.trade.dontStart')}
            </Button>
            <Button
              onClick={onConfirm}
              loading={pending}
              color={review.side === 'buy' ? 'teal' : 'red'}
              data-testid="confirm-start-trade"
            >
              {t('offer.confirm.start')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
