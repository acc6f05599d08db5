import type { Trade } from '@app/contract';
import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The trade's tamper-evident record (decision 0018) for its parties and staff: the JSON anyone can verify
 * offline (`npm run admin -- trade:verify-record FILE`) and a readable PDF. Plain links: the session
 * cookie authorises the GET, and the browser saves the file.
 */
export function TradeRecordLinks({ trade }: { trade: Trade }) {
  const { t } = useTranslation();
  const base = `/rest/v1/trade/${encodeURIComponent(trade.id)}/record`;
  return (
    <Group gap="xs" data-testid="trade-record-links">
      <Text size="xs" c="dimmed">
        {t('trades.record.label')}
      </Text>
      <Anchor href={base} download={`trade-${trade.id}-record.json`} size="xs">
        {t('trades.record.json')}
      </Anchor>
      <Anchor href={`${base}?format=pdf`} download={`trade-${trade.id}-record.pdf`} size="xs">
        {t('trades.record.pdf')}
      </Anchor>
    </Group>
  );
}
