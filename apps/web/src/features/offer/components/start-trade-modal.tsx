import { TRADE_PRICE_TOLERANCE_PERCENT } from '@app/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAmountFormat } from '@/features/catalogue';
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
  /**
   * Set when the server refused the start because the price moved beyond the tolerance: the price and
   * crypto amount the user had confirmed (`price` and `cryptoAmount` are then the server's new ones).
   */
  previous: { price: string; cryptoAmount: string } | null;
};

/** The tolerance in the reader's words: `0.5%` in English, `0,5 %` in Spanish. */
export const formatTolerance = (locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    Number(TRADE_PRICE_TOLERANCE_PERCENT) / 100,
  );

type StartTradeModalProps = {
  review: TradeReview | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * The last look before a trade starts (the seller's crypto is locked in escrow at once): amounts, price,
 * method, counterparty and the payment window. It says how far the price may move before the user is
 * asked again; when it moved further, it shows the old and the new price and amount and asks again.
 */
export function StartTradeModal({ review, pending, onConfirm, onClose }: StartTradeModalProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const tolerance = formatTolerance(locale);
  const previous = review?.previous ?? null;
  const format = useAmountFormat();
  const crypto = (amount: string) => (review ? format.crypto(amount, review.cryptoCode) : '');
  /** The new value, and when the price moved, the confirmed one struck through beside it. */
  const changed = (now: string, before: string | null, testId: string) =>
    before === null ? (
      now
    ) : (
      <>
        <Text span size="xs" c="dimmed" td="line-through" mr={6} data-testid={`${testId}-before`}>
          {t('offer.confirm.was', { value: before })}
        </Text>
        {now}
      </>
    );
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
          {previous ? (
            <Alert
              color="orange"
              variant="light"
              title={t('offer.confirm.priceChangedTitle')}
              data-testid="price-changed"
            >
              <Text size="sm">{t('offer.confirm.priceChanged', { tolerance })}</Text>
            </Alert>
          ) : null}
          <Stack gap={8}>
            {row(
              review.side === 'buy' ? t('offer.trade.youPay') : t('offer.trade.youReceive'),
              formatFiat(review.fiatAmount, review.fiatCode, locale),
              'confirm-fiat',
            )}
            {row(
              review.side === 'buy' ? t('offer.trade.youReceive') : t('offer.trade.youSell'),
              changed(
                crypto(review.cryptoAmount),
                previous ? crypto(previous.cryptoAmount) : null,
                'confirm-crypto',
              ),
              'confirm-crypto',
            )}
            {row(
              t('offer.confirm.price', { crypto: review.cryptoCode }),
              changed(
                formatFiat(review.price, review.fiatCode, locale),
                previous ? formatFiat(previous.price, review.fiatCode, locale) : null,
                'confirm-price',
              ),
              'confirm-price',
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
          <Text size="sm" c="dimmed" data-testid="price-tolerance">
            {t('offer.confirm.tolerance', { tolerance })}
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
              {previous ? t('offer.confirm.startAtNewPrice') : t('offer.confirm.start')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
