import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Trade } from '@app/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CryptoValue } from '@/features/catalogue';
import { numericClass } from '@/shared/ui/numeric';
import { useTradeFormat } from '../hooks/use-trade-format';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" className={numericClass} data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}

/** The deal in numbers: what is paid, what is received, at what price and fee, by which method. */
export function TradeSummaryCard({ trade }: { trade: Trade }) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const code = trade.cryptoCurrencyCode;
  const fiat = format.fiat(trade.fiatAmount, trade.currency.code, trade.currency.precision);
  // At the coin's display precision, the exact value on hover and on copy (decision 0053).
  const crypto = (amount: string) => <CryptoValue amount={amount} code={code} inherit />;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('trades.summary.title')}
        </Title>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('trades.summary.fiatAmount')}
            </Text>
            <Text fz={26} fw={700} data-testid="trade-fiat-amount" className={numericClass}>
              {fiat}
            </Text>
          </div>
          <div style={{ textAlign: 'right' }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('trades.summary.cryptoAmount')}
            </Text>
            <Text fz={20} fw={600} data-testid="trade-crypto-amount" className={numericClass}>
              {crypto(trade.cryptoAmount.amount)}
            </Text>
          </div>
        </Group>
        <Divider />
        <Row label={t('trades.summary.price')}>
          {t('trades.summary.pricePer', {
            price: format.fiat(trade.fiatPricePerCrypto, trade.currency.code, trade.currency.precision),
            code,
          })}
        </Row>
        <Row label={t('trades.summary.paymentMethod')}>{trade.paymentMethod.name.localized}</Row>
        {trade.role !== 'seller' ? (
          <Row label={t('trades.summary.buyerReceives')} testId="trade-buyer-receives">
            {crypto(trade.buyerReceives)}
          </Row>
        ) : null}
        {trade.role !== 'buyer' ? (
          <Row label={t('trades.summary.escrow')} testId="trade-escrow-amount">
            {crypto(trade.escrowAmount)}
          </Row>
        ) : null}
        <Row label={t('trades.summary.fee', { percent: format.percent(trade.fee.percent) })}>
          {crypto(trade.fee.amount)}{' '}
          <Text span size="xs" c="dimmed">
            ({t(`trades.summary.feePaidBy.${trade.fee.payer}`)})
          </Text>
        </Row>
        <Row label={t('trades.summary.started')}>{format.fromSeconds(trade.startedAt.timestamp)}</Row>
        <Row label={t('trades.summary.window')}>
          {t('trades.summary.minutes', { count: trade.paymentWindowMinutes })}
        </Row>
      </Stack>
    </Paper>
  );
}
