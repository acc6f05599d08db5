import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/shared/ui/error-state';
import { IconAlertCircle } from '@/shared/ui/icons';
import { toast } from '@/shared/ui/toast';
import { useBond, useDepositBond, useRetrieveBond, type BondCoin } from '../api/bond';
import { useWalletFormat } from '../hooks/use-wallet-format';
import type { WalletCoin } from '../hooks/use-wallet-coins';
import { isPositive } from '../utils/money';
import { walletErrorMessage } from '../utils/wallet-errors';
import { CryptoAmount } from './amount';
import { CoinIcon } from './coin-icon';
import classes from './wallet.module.css';

/** Payment method groups the spec names, in words; an unknown slug is shown as sent. */
const GROUP_KEYS = {
  'bank-transfers': 'wallet.bond.groups.bank-transfers',
  'online-transfers': 'wallet.bond.groups.online-transfers',
  'gift-cards': 'wallet.bond.groups.gift-cards',
  'cash-deposits': 'wallet.bond.groups.cash-deposits',
  'debitcredit-cards': 'wallet.bond.groups.debitcredit-cards',
  'goods-and-services': 'wallet.bond.groups.goods-and-services',
  'digital-currencies': 'wallet.bond.groups.digital-currencies',
  'mobile-money': 'wallet.bond.groups.mobile-money',
  services: 'wallet.bond.groups.services',
} as const;

type BondStatusKind = 'held' | 'complete' | 'missing';

function statusOf(coin: BondCoin): BondStatusKind {
  if (coin.heldUntil) return 'held';
  return isPositive(coin.missingAmount) ? 'missing' : 'complete';
}

const STATUS_COLORS: Record<BondStatusKind, string> = { held: 'gray', complete: 'teal', missing: 'orange' };

/**
 * The security deposit (spec: deposit and withdraw bond): what each coin needs for offers in the
 * listed payment groups, what is deposited and missing, and buttons to deposit or retrieve it.
 */
export function BondPanel({ coins }: { coins: readonly WalletCoin[] }) {
  const { t } = useTranslation();
  const format = useWalletFormat();
  const query = useBond();
  const deposit = useDepositBond();
  const retrieve = useRetrieveBond();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const nameOf = new Map(coins.map((coin) => [coin.cryptoCurrencyCode, coin.name]));

  const run = async (action: 'deposit' | 'retrieve', coin: BondCoin, amount: string) => {
    const code = coin.currencyCode;
    setMessage(null);
    setBusy(`${action}:${code}`);
    try {
      await (action === 'deposit' ? deposit : retrieve).mutateAsync(code);
      toast.success({
        message:
          action === 'deposit'
            ? t('wallet.bond.deposited', { amount: format.crypto(amount, code), code })
            : t('wallet.bond.retrieved', { amount: format.crypto(amount, code), code }),
      });
    } catch (error) {
      const text = walletErrorMessage(t, error, { formatDate: format.dateTime, heldUntil: coin.heldUntil });
      setMessage(text);
      toast.error({ message: text });
    } finally {
      setBusy(null);
    }
  };

  const confirm = (action: 'deposit' | 'retrieve', coin: BondCoin) => {
    const code = coin.currencyCode;
    const amount = action === 'deposit' ? coin.missingAmount : coin.depositedAmount;
    const text = { amount: format.crypto(amount, code), code };
    modals.openConfirmModal({
      title:
        action === 'deposit' ? t('wallet.bond.confirmDepositTitle') : t('wallet.bond.confirmRetrieveTitle'),
      centered: true,
      children: (
        <Text size="sm">
          {action === 'deposit'
            ? t('wallet.bond.confirmDeposit', text)
            : t('wallet.bond.confirmRetrieve', text)}
        </Text>
      ),
      labels: {
        confirm:
          action === 'deposit' ? t('wallet.bond.depositAction', text) : t('wallet.bond.retrieveAction', text),
        cancel: t('common.cancel'),
      },
      onConfirm: () => void run(action, coin, amount),
    });
  };

  if (query.isPending) {
    return (
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={24} width="40%" />
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Stack>
      </Paper>
    );
  }
  if (query.isError) {
    return <ErrorState message={t('wallet.bond.error')} onRetry={() => void query.refetch()} />;
  }

  const { paymentGroups, holdDays } = query.data;
  const groups = new Intl.ListFormat(format.locale, { type: 'disjunction' }).format(
    paymentGroups.map((slug) => (slug in GROUP_KEYS ? t(GROUP_KEYS[slug as keyof typeof GROUP_KEYS]) : slug)),
  );
  const label = {
    required: t('wallet.bond.required'),
    deposited: t('wallet.bond.depositedLabel'),
    missing: t('wallet.bond.missing'),
    status: t('wallet.bond.status'),
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            {t('wallet.bond.title')}
          </Title>
          <Text size="sm" c="dimmed" mt={4} maw={720}>
            {groups
              ? t('wallet.bond.explanation', { groups, count: holdDays })
              : t('wallet.bond.explanationNoGroups', { count: holdDays })}
          </Text>
        </div>
        {message ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert" data-testid="bond-error">
            {message}
          </Alert>
        ) : null}
        <table className={classes.table} aria-label={t('wallet.bond.title')}>
          <thead>
            <tr>
              <th scope="col">{t('wallet.balances.coin')}</th>
              <th scope="col" className={classes.right}>
                {label.required}
              </th>
              <th scope="col" className={classes.right}>
                {label.deposited}
              </th>
              <th scope="col" className={classes.right}>
                {label.missing}
              </th>
              <th scope="col">{label.status}</th>
              <th scope="col" className={classes.right}>
                {t('wallet.balances.actions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data.coins.map((coin) => {
              const code = coin.currencyCode;
              const status = statusOf(coin);
              const amount = (value: string, testId?: string) => (
                <CryptoAmount
                  amount={value}
                  code={code}
                  c={isPositive(value) ? undefined : 'dimmed'}
                  data-testid={testId}
                />
              );
              const hasBond = isPositive(coin.depositedAmount);
              const missing = isPositive(coin.missingAmount);
              return (
                <tr key={code} data-testid={`bond-row-${code}`}>
                  <td>
                    <Group gap="sm" wrap="nowrap">
                      <CoinIcon code={code} size={28} />
                      <Text fw={600} size="sm">
                        {nameOf.get(code) ?? code}
                      </Text>
                    </Group>
                  </td>
                  <td className={classes.right} data-label={label.required}>
                    {amount(coin.requiredAmount)}
                  </td>
                  <td className={classes.right} data-label={label.deposited}>
                    {amount(coin.depositedAmount, `bond-deposited-${code}`)}
                  </td>
                  <td className={classes.right} data-label={label.missing}>
                    {amount(coin.missingAmount)}
                  </td>
                  <td data-label={label.status}>
                    <Badge color={STATUS_COLORS[status]} variant="light" data-testid={`bond-status-${code}`}>
                      {status === 'held'
                        ? t('wallet.bond.statusHeld', { date: format.dateTime(coin.heldUntil ?? '') })
                        : status === 'complete'
                          ? t('wallet.bond.statusComplete')
                          : t('wallet.bond.statusMissing')}
                    </Badge>
                  </td>
                  <td className={classes.right}>
                    <Stack gap={4} align="flex-end">
                      <Group gap={6} justify="flex-end" wrap="nowrap">
                        {missing ? (
                          <Button
                            size="compact-sm"
                            disabled={!coin.canDeposit}
                            loading={busy === `deposit:${code}`}
                            onClick={() => confirm('deposit', coin)}
                            aria-label={t('wallet.bond.depositAria', { code })}
                          >
                            {t('wallet.bond.deposit')}
                          </Button>
                        ) : null}
                        {hasBond ? (
                          <Button
                            size="compact-sm"
                            variant="default"
                            disabled={!coin.canRetrieve}
                            loading={busy === `retrieve:${code}`}
                            onClick={() => confirm('retrieve', coin)}
                            aria-label={t('wallet.bond.retrieveAria', { code })}
                          >
                            {t('wallet.bond.retrieve')}
                          </Button>
                        ) : null}
                      </Group>
                      {missing && !coin.canDeposit ? (
                        <Text size="xs" c="dimmed">
                          {t('wallet.bond.notEnough')}
                        </Text>
                      ) : null}
                      {hasBond && !coin.canRetrieve ? (
                        <Text size="xs" c="dimmed">
                          {coin.heldUntil
                            ? t('wallet.bond.heldUntil', { date: format.dateTime(coin.heldUntil) })
                            : t('wallet.bond.lockedByOffers')}
                        </Text>
                      ) : null}
                    </Stack>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Stack>
    </Paper>
  );
}
