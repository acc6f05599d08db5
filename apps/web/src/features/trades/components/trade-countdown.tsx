import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNow } from '../hooks/use-now';
import { countdown } from '../utils/countdown';
import { RUNNING_OUT_MS } from '../utils/trade-moments';
import { IconClock } from '@/shared/ui/icons';
import { numericClass } from '@/shared/ui/numeric';

type TradeCountdownProps = {
  /** The spec's expiresAt.timestamp, in seconds. */
  expiresAt: number;
};

/**
 * Time left to pay, ticking each second; red in the last five minutes; once it reaches zero, "cancelling
 * the trade..." until the server's expiry job has run (the page's clock re-reads the trade meanwhile:
 * use-trade-clock.ts), when the page shows the trade expired.
 */
export function TradeCountdown({ expiresAt }: TradeCountdownProps) {
  const { t } = useTranslation();
  const now = useNow(1_000);
  const { text, msLeft, expired } = countdown(expiresAt, now);
  return (
    <Group
      gap={6}
      wrap="nowrap"
      c={msLeft < RUNNING_OUT_MS ? 'red' : undefined}
      data-testid="trade-countdown"
    >
      <IconClock size={18} />
      {/* Tabular digits, not a monospace font: the seconds tick without the line jumping. */}
      <Text size="sm" fw={600} className={numericClass} aria-live="off">
        {expired ? t('trades.countdown.expiring') : t('trades.countdown.left', { time: text })}
      </Text>
    </Group>
  );
}
