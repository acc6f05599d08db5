import type { Trade } from '@app/contract';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTradeFormat } from '../hooks/use-trade-format';

/**
 * What became of a dispute award that could be appealed (decision 0048), for its winner and staff: held
 * until the appeal window closes (with the date the winner's funds become available), held until an
 * appeal is decided, released to the wallet, or paid to the other party by an upheld appeal.
 */
export function AwardHold({ trade }: { trade: Trade }) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const { hold } = trade.dispute;
  if (!hold) return null;
  const values = {
    amount: format.crypto(hold.amount, trade.cryptoCurrencyCode),
    date: format.fromSeconds(hold.availableAt.timestamp),
  };
  const who = trade.role === 'moderator' ? 'staff' : 'winner';
  return (
    <Alert
      mt="sm"
      variant="light"
      color={hold.status === 'released' ? 'teal' : hold.status === 'reversed' ? 'gray' : 'blue'}
      data-testid="award-hold"
      styles={{ message: { overflowWrap: 'anywhere' } }}
    >
      {t(`trades.disputeProgress.hold.${who}.${hold.status}`, values)}
    </Alert>
  );
}
