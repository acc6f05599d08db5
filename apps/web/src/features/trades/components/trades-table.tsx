import { Anchor, Table, Text } from '@mantine/core';
import type { TradeSummary } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { numericClass } from '@/shared/ui/numeric';
import { useTradeFormat } from '../hooks/use-trade-format';
import { TradeStatusBadge } from './trade-status-badge';

/** Trades as rows: when, what (bought/sold), with whom, how much, by which method, and the status. */
export function TradesTable({ trades, testId }: { trades: readonly TradeSummary[]; testId?: string }) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const localize = useLocalizePath();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('trades.list.started')}</Table.Th>
            <Table.Th>{t('trades.list.trade')}</Table.Th>
            <Table.Th>{t('trades.list.partner')}</Table.Th>
            <Table.Th ta="right">{t('trades.list.amount')}</Table.Th>
            <Table.Th>{t('trades.list.method')}</Table.Th>
            <Table.Th>{t('trades.list.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {trades.map((trade) => (
            <Table.Tr key={trade.id} data-testid={`trade-row-${trade.id}`}>
              <Table.Td>
                <Text size="sm">{format.dateTime(trade.startedAt)}</Text>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={localize(`/trade/${trade.id}`)} size="sm" fw={600}>
                  {t(`trades.list.${trade.role}`, { code: trade.cryptoCurrencyCode })}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {trade.id}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{trade.counterparty.username}</Text>
              </Table.Td>
              <Table.Td ta="right" className={numericClass}>
                <Text size="sm" fw={600}>
                  {format.fiat(trade.fiatAmount, trade.fiatCurrencyCode)}
                </Text>
                <Text size="xs" c="dimmed">
                  {format.crypto(trade.cryptoAmount, trade.cryptoCurrencyCode)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{trade.paymentMethod.name}</Text>
              </Table.Td>
              <Table.Td>
                <TradeStatusBadge status={trade.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
