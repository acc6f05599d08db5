import { Text, VisuallyHidden, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CryptoValue, useAmountFormat } from '@/features/catalogue';
import { useBalanceHidden } from '@/shared/hooks/use-balance-hidden';
import classes from './wallet.module.css';

/** What a hidden amount shows instead of digits. */
export const MASK = '••••••';

type CommonProps = Omit<TextProps, 'children'> & {
  /** Shown even while balances are hidden: what the user is typing or confirming right now. */
  alwaysVisible?: boolean;
  'data-testid'?: string;
};

function Masked({ suffix, ...props }: Omit<CommonProps, 'alwaysVisible'> & { suffix?: string }) {
  const { t } = useTranslation();
  return (
    // Always the same colour: a red or dimmed mask would still tell a debit or a zero apart.
    <Text span className={classes.num} data-masked="true" {...props} c="dimmed">
      <span aria-hidden="true">{MASK}</span>
      <VisuallyHidden>{t('wallet.hiddenAmount')}</VisuallyHidden>
      {suffix ? ` ${suffix}` : null}
    </Text>
  );
}

type CryptoAmountProps = CommonProps & {
  amount: string;
  code: string;
  /** `+0.50` / `−0.10`, coloured green or red. */
  signed?: boolean;
  /** Every digit, not the coin's display precision: an amount the user typed, confirmed before it goes. */
  exact?: boolean;
};

/**
 * A crypto amount at its coin's display precision (truncated: never more than there is), in tabular
 * digits, with the exact value on hover and on copy; masked while balances are hidden.
 */
export function CryptoAmount({ amount, code, signed, exact, alwaysVisible, ...props }: CryptoAmountProps) {
  const { hidden } = useBalanceHidden();
  if (hidden && !alwaysVisible) return <Masked suffix={code} {...props} />;
  const negative = amount.trim().startsWith('-');
  return (
    <CryptoValue
      amount={amount}
      code={code}
      signed={signed}
      exact={exact}
      className={classes.num}
      c={signed ? (negative ? 'red' : 'teal') : undefined}
      {...props}
    />
  );
}

type FiatAmountProps = CommonProps & {
  /** Already rounded to `precision`; null when there is no rate. */
  amount: string | null;
  currency: string;
  precision: number;
};

/** A fiat value (`$47,500.00`), masked while balances are hidden; "no rate" when unknown. */
export function FiatAmount({ amount, currency, precision, alwaysVisible, ...props }: FiatAmountProps) {
  const { t } = useTranslation();
  const { hidden } = useBalanceHidden();
  const format = useAmountFormat();
  if (amount === null) {
    return (
      <Text span c="dimmed" {...props}>
        {t('wallet.balances.noRate')}
      </Text>
    );
  }
  if (hidden && !alwaysVisible) return <Masked {...props} />;
  return (
    <Text span className={classes.num} {...props}>
      {format.fiat(amount, currency, { precision, style: 'symbol' })}
    </Text>
  );
}
