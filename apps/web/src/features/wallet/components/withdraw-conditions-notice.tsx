import { Alert, Anchor, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VerificationLink } from '@/features/verification';
import { useLocalizePath } from '@/shared/i18n/locale-context';
import { IconAlertCircle, IconLock } from '@/shared/ui/icons';
import type { WithdrawConditions } from '../api/get-withdraw-conditions';
import { useWalletFormat } from '../hooks/use-wallet-format';
import { hoursInWaitTitle } from '../utils/wallet-errors';

/**
 * True when the server would refuse any withdrawal of this coin now (the form stays closed). Active
 * trades do not close it: their escrow already left the available balance (decision 0007).
 */
export function isWithdrawBlocked(conditions: WithdrawConditions): boolean {
  return (
    !conditions.withdraw_enabled ||
    conditions.blockReason !== null ||
    conditions.need_to_wait_time_title !== null ||
    conditions.emailVerificationRequired
  );
}

/**
 * The spec's withdraw conditions as messages: why sending is closed (disabled, ID required, blocked in
 * the location, wait time, e-mail not verified), a note that active trades keep only their escrow, and a note when no
 * security deposit is held.
 */
export function WithdrawConditionsNotice({
  conditions,
  escrowAmount,
  onOpenBond,
}: {
  conditions: WithdrawConditions;
  /** The coin's balance in escrow (decimal string), named in the active-trades note. */
  escrowAmount: string;
  onOpenBond: () => void;
}) {
  const { t } = useTranslation();
  const format = useWalletFormat();
  const code = conditions.cryptoCurrencyCode;
  const localize = useLocalizePath();
  const blocking: { key: string; title: string; text: ReactNode }[] = [];
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
      text: (
        <>
          {t('wallet.conditions.idRequired')} <VerificationLink />
        </>
      ),
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
  if (conditions.emailVerificationRequired) {
    blocking.push({
      key: 'email',
      title: t('wallet.conditions.emailRequiredTitle'),
      text: (
        <>
          {t('wallet.conditions.emailRequired')}{' '}
          {/* The alert's own text colour, underlined: a blue link on the red alert fails contrast in dark. */}
          <Anchor
            component={Link}
            to={`${localize('/account/verify-email')}?next=${encodeURIComponent(localize('/wallet'))}`}
            inherit
            underline="always"
            fw={600}
            style={{ color: 'inherit' }}
          >
            {t('wallet.conditions.verifyEmail')}
          </Anchor>
        </>
      ),
    });
  }
  const trades = conditions.have_active_trades;
  if (blocking.length === 0 && !trades && !conditions.no_security_deposit) return null;
  return (
    <Stack gap="sm" data-testid="withdraw-conditions">
      {blocking.map((item) => (
        <Alert key={item.key} color="red" variant="light" icon={<IconLock />} title={item.title} role="alert">
          {item.text}
        </Alert>
      ))}
      {trades ? (
        <Alert
          color="blue"
          variant="light"
          icon={<IconLock />}
          title={t('wallet.conditions.activeTradesTitle')}
          role="status"
          data-testid="withdraw-active-trades"
        >
          {t('wallet.conditions.activeTrades', {
            amount: format.crypto(escrowAmount, code),
            code,
          })}
        </Alert>
      ) : null}
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
