import { formatDecimal } from '@app/contract';
import { Badge, Button, Group, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBalanceHidden } from '@/shared/hooks/use-balance-hidden';
import type { WalletCoin } from '../hooks/use-wallet-coins';
import { fiatValue, isPositive, sumDecimals } from '../utils/money';
import { CryptoAmount, FiatAmount } from './amount';
import { CoinIcon } from './coin-icon';
import classes from './wallet.module.css';

/** The fiat value of a coin's available balance, exact then rounded, or null without a rate. */
export function coinFiatValue(coin: WalletCoin): string | null {
  return coin.fiatRate === null
    ? null
    : formatDecimal(fiatValue(coin.balance, coin.fiatRate, coin.fiatPrecision));
}

/** The sum of the available balances' fiat values (each coin without a rate left out). */
export function totalFiatValue(coins: readonly WalletCoin[]) {
  const first = coins[0];
  const currency = first?.fiatCurrencyCode ?? 'USD';
  const precision = first?.fiatPrecision ?? 2;
  const priced = coins.filter((coin) => coin.fiatRate !== null);
  const total = sumDecimals(
    priced.map((coin) => fiatValue(coin.balance, coin.fiatRate ?? '0', coin.fiatPrecision)),
    precision,
  );
  return { amount: formatDecimal(total), currency, precision, unpriced: coins.length - priced.length };
}

/** The headline: what the available balances are worth together. */
export function WalletSummary({ coins }: { coins: readonly WalletCoin[] }) {
  const { t } = useTranslation();
  const total = totalFiatValue(coins);
  const { hidden } = useBalanceHidden();
  // While balances are hidden, not even the existence of a pending deposit shows.
  const incoming = hidden ? 0 : coins.filter((coin) => isPositive(coin.incomingAmount)).length;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} className={classes.summary}>
      <Text size="sm" c="dimmed" fw={500}>
        {t('wallet.summary.total', { currency: total.currency })}
      </Text>
      <FiatAmount
        className={classes.total}
        amount={total.amount}
        currency={total.currency}
        precision={total.precision}
        data-testid="wallet-total"
      />
      <Text size="xs" c="dimmed" mt={4}>
        {total.unpriced > 0
          ? t('wallet.summary.unpriced', { count: total.unpriced })
          : t('wallet.summary.hint')}
      </Text>
      {incoming > 0 ? (
        <Badge mt="sm" color="yellow" variant="light">
          {t('wallet.summary.incoming', { count: incoming })}
        </Badge>
      ) : null}
    </Paper>
  );
}

type BalancesTableProps = {
  coins: readonly WalletCoin[];
  onDeposit: (code: string) => void;
  onSend: (code: string) => void;
};

/** Balances per coin: available (with its fiat value), incoming, in escrow, in the security deposit. */
export function BalancesTable({ coins, onDeposit, onSend }: BalancesTableProps) {
  const { t } = useTranslation();
  const { hidden } = useBalanceHidden();
  // A card leaves out zero lines on phones, but not while hidden: that would tell zeros apart.
  const empty = (amount: string) => !hidden && !isPositive(amount);
  const label = {
    available: t('wallet.balances.available'),
    value: t('wallet.balances.value'),
    incoming: t('wallet.balances.incoming'),
    escrow: t('wallet.balances.escrow'),
    bond: t('wallet.balances.bond'),
  };
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="lg" mb="sm">
        {t('wallet.balances.title')}
      </Title>
      <table className={classes.table} aria-label={t('wallet.balances.title')}>
        <thead>
          <tr>
            <th scope="col">{t('wallet.balances.coin')}</th>
            <th scope="col" className={classes.right}>
              {label.available}
            </th>
            <th scope="col" className={classes.right}>
              {label.value}
            </th>
            <th scope="col" className={classes.right}>
              {label.incoming}
            </th>
            <th scope="col" className={classes.right}>
              {label.escrow}
            </th>
            <th scope="col" className={classes.right}>
              {label.bond}
            </th>
            <th scope="col" className={classes.right}>
              {t('wallet.balances.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {coins.map((coin) => {
            const code = coin.cryptoCurrencyCode;
            const amount = (value: string) => (
              <CryptoAmount amount={value} code={code} c={isPositive(value) ? undefined : 'dimmed'} />
            );
            return (
              <tr key={code} data-testid={`balance-row-${code}`}>
                <td>
                  <Group gap="sm" wrap="nowrap">
                    <CoinIcon code={code} size={32} />
                    <div>
                      <Text fw={600} size="sm" lh={1.2}>
                        {coin.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {code}
                      </Text>
                    </div>
                  </Group>
                </td>
                <td className={classes.right} data-label={label.available}>
                  <CryptoAmount
                    amount={coin.balance}
                    code={code}
                    fw={700}
                    data-testid={`balance-available-${code}`}
                  />
                </td>
                <td className={classes.right} data-label={label.value}>
                  <FiatAmount
                    amount={coinFiatValue(coin)}
                    currency={coin.fiatCurrencyCode}
                    precision={coin.fiatPrecision}
                    size="sm"
                    c="dimmed"
                    data-testid={`balance-fiat-${code}`}
                  />
                </td>
                <td
                  className={classes.right}
                  data-label={label.incoming}
                  data-empty={empty(coin.incomingAmount)}
                >
                  {hidden ? (
                    <CryptoAmount amount={coin.incomingAmount} code={code} />
                  ) : isPositive(coin.incomingAmount) ? (
                    <Group gap={6} justify="flex-end" wrap="nowrap" data-testid={`balance-incoming-${code}`}>
                      <Badge color="yellow" variant="light" size="sm">
                        {t('wallet.balances.incomingBadge')}
                      </Badge>
                      <CryptoAmount amount={coin.incomingAmount} code={code} />
                    </Group>
                  ) : (
                    <Text span c="dimmed">
                      <span aria-hidden>—</span>
                      <VisuallyHidden>{t('wallet.balances.none')}</VisuallyHidden>
                    </Text>
                  )}
                </td>
                <td className={classes.right} data-label={label.escrow} data-empty={empty(coin.escrowAmount)}>
                  {amount(coin.escrowAmount)}
                </td>
                <td className={classes.right} data-label={label.bond} data-empty={empty(coin.bondAmount)}>
                  {amount(coin.bondAmount)}
                </td>
                <td className={classes.right}>
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => onDeposit(code)}
                      aria-label={t('wallet.balances.depositCoin', { code })}
                    >
                      {t('wallet.balances.deposit')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => onSend(code)}
                      aria-label={t('wallet.balances.sendCoin', { code })}
                    >
                      {t('wallet.balances.send')}
                    </Button>
                  </Group>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Paper>
  );
}
