import { Alert } from '@mantine/core';
import type { Trade } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { useTradeFormat } from '../hooks/use-trade-format';
import { counterpartyOf } from '../utils/counterparty';
import { statusTone } from '../utils/trade-status';

type GuidanceKey =
  'waitingPayment' | 'paid' | 'dispute' | 'completed' | 'cancelled' | 'expired' | 'processing';

function guidanceKey(trade: Trade): GuidanceKey {
  if (trade.status === 'active_funded') return 'waitingPayment';
  if (trade.status === 'paid') return 'paid';
  switch (statusTone(trade.status)) {
    case 'dispute':
      return 'dispute';
    case 'success':
      return 'completed';
    case 'expired':
      return 'expired';
    case 'cancelled':
      return 'cancelled';
    case 'active':
    case 'paid':
      return 'processing';
  }
}

const colors: Record<GuidanceKey, string> = {
  waitingPayment: 'blue',
  paid: 'cyan',
  dispute: 'orange',
  completed: 'teal',
  cancelled: 'gray',
  expired: 'gray',
  processing: 'blue',
};

/** What happens now and what the viewer should do, in plain words, for their side of the trade. */
export function TradeGuidance({ trade }: { trade: Trade }) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const key = guidanceKey(trade);
  const values = {
    fiat: format.fiat(trade.fiatAmount, trade.currency.code, trade.currency.precision),
    crypto: format.crypto(trade.cryptoAmount.amount, trade.cryptoCurrencyCode),
    method: trade.paymentMethod.name.localized,
    partner: counterpartyOf(trade)?.username ?? '',
  };
  return (
    <Alert
      color={colors[key]}
      variant="light"
      radius="md"
      data-testid="trade-guidance"
      title={t(`trades.guidance.${key}.title`)}
    >
      {t(`trades.guidance.${key}.${trade.role}`, values)}
    </Alert>
  );
}
