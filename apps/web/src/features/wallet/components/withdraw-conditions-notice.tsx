import { Alert, Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle, IconLock } from '@/shared/ui/icons';
import type { WithdrawConditions } from '../api/get-withdraw-conditions';
import { hoursInWaitTitle } from '../utils/wallet-errors';

/** True when the server would refuse any withdrawal of this coin now (the form stays closed). */
export function isWithdrawBlocked(conditions: WithdrawConditions): boolean {
  return (
    !conditions.withdraw_enabled ||
    conditions.blockReason !== null ||
    conditions.need_to_wait_time_title !== null ||
    conditions.have_active_trades
  );
}

/**
 * The spec's withdraw conditions as messages: why sending is closed (disabled, ID required, blocked in
 * the location, wait time, active trades), and a note when no security deposit is held.
 */
export function WithdrawConditionsNotice({
  conditions,
  onOpenBond,
}: {
  conditions: WithdrawConditions;
  onOpenBond: () => void;
}) {
  const { t } = useTranslation();
  const code = conditions.cryptoCurrencyCode;
  const blocking: { key: string; title: string; text: string }[] = [];
  if (!conditions.withdraw_enabled) {
    blocking.push({
      key: 'disabled',
      title: t('wallet.conditions.disabledTitle'),
      text: t('wallet.conditions.disabled', { code }),
    });
  }
  if (conditions.blockReason === 'ID_REQUIRED') {
    blocking.push({
      key: 'id',
      title: t('wallet.conditions.idRequiredTitle'),
      text: t('wallet.conditions.idRequired'),
    });
  }
  if (conditions.blockReason === 'BLOCKED_IN_LOCATION') {
    blocking.push({
      key: 'location',
      title: t('wallet.conditions.blockedInLocationTitle'),
      text: t('wallet.conditions.blockedInLocation'),
    });
  }
  if (conditions.need_to_wait_time_title !== null) {
    const hours = hoursInWaitTitle(conditions.need_to_wait_time_title);
    blocking.push({
      key: 'wait',
      title: t('wallet.conditions.needToWaitTitle'),
      text:
        hours === null
          ? conditions.need_to_wait_time_title
          : t('wallet.conditions.needToWait', { count: hours }),
    });
  }
  if (conditions.have_active_trades) {
    blocking.push({
      key: 'trades',
      title: t('wallet.conditions.activeTradesTitle'),
      text: t('wallet.conditions.activeTrades'),
    });
  }
  if (blocking.length === 0 && !conditions.no_security_deposit) return null;
  return (
    <Stack gap="sm" data-testid="withdraw-conditions">
      {blocking.map((item) => (
        <Alert key={item.key} color="red" variant="light" icon={<IconLock />} title={item.title} role="alert">
          {item.text}
        </Alert>
      ))}
      {conditions.no_security_deposit ? (
        <Alert color="blue" variant="light" icon={<IconAlertCircle />}>
          {t('wallet.conditions.noSecurityDeposit', { code })}{' '}
          <Anchor component="button" type="button" onClick={onOpenBond} fz="sm">
            {t('wallet.conditions.openBond')}
          </Anchor>
        </Alert>
      ) : null}
    </Stack>
  );
}
