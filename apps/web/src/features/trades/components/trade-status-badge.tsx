import { Badge, type BadgeProps } from '@mantine/core';
import type { TradeStatus } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { statusTone, toneColor } from '../utils/trade-status';

/** A status in words and colour, the same on the trade page, the history and the alerts. */
export function TradeStatusBadge({ status, ...props }: { status: TradeStatus } & BadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge color={toneColor[statusTone(status)]} variant="light" radius="sm" data-status={status} {...props}>
      {t(`trades.status.${status}`)}
    </Badge>
  );
}
