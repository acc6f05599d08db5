import { Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../hooks/use-now';
import { countdown } from '../utils/countdown';
import { IconClock } from '@/shared/ui/icons';
import { numericClass } from '@/shared/ui/numeric';

type TradeCountdownProps = {
  /** The spec's expiresAt.timestamp, in seconds. */
  expiresAt: number;
  /** Called once when the time is up: the server expires the trade, the page re-reads it. */
  onExpired: () => void;
};

/** Time left to pay; red in the last five minutes. */
export function TradeCountdown({ expiresAt, onExpired }: TradeCountdownProps) {
  const { t } = useTranslation();
  const now = useNow(1_000);
  const { text, msLeft, expired } = countdown(expiresAt, now);
  const fired = useRef(false);
  useEffect(() => {
    if (expired && !fired.current) {
      fired.current = true;
      onExpired();
    }
  }, [expired, onExpired]);
  return (
    <Group gap={6} wrap="nowrap" c={msLeft < 300_000 ? 'red' : undefined} data-testid="trade-countdown">
      <IconClock size={18} />
      {/* Tabular digits, not a monospace font: the seconds tick without the line jumping. */}
      <Text size="sm" fw={600} className={numericClass} aria-live="off">
        {expired ? t('trades.countdown.ended') : t('trades.countdown.left', { time: text })}
      </Text>
    </Group>
  );
}
