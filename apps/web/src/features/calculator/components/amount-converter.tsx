import { Box, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CryptoIcon, formatDecimalString } from '@/features/catalogue';
import { useLocale } from '@/shared/i18n/locale-context';
import { sanitizeAmountInput, type AmountSide, type Amounts } from '../utils/amounts';
import { CALCULATOR_CRYPTO, CALCULATOR_CRYPTO_DECIMALS } from '../utils/calculator-path';
import classes from './calculator.module.css';
import { IconArrowsUpDown } from '@/shared/ui/icons';

type AmountConverterProps = {
  currencyCode: string;
  precision: number;
  /**
   * Price of one BTC in the currency: the exact rate both conversions use. It is shown, like every fiat
   * amount, at the currency's precision (`81,123.45 EUR`, not the rate's 8 decimals).
   */
  price: string;
  amounts: Amounts;
  onAmountChange: (side: AmountSide, text: string) => void;
  /** The currency selector, above the amounts. */
  currencyPicker: ReactNode;
  updatedAt: string;
};

/**
 * Fiat and BTC amounts; either can be typed and the other follows, converted exactly. Inputs take only
 * digits and one decimal point (a keystroke that would break that is ignored).
 */
export function AmountConverter({
  currencyCode,
  precision,
  price,
  amounts,
  onAmountChange,
  currencyPicker,
  updatedAt,
}: AmountConverterProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const change = (side: AmountSide, maxDecimals: number) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const text = sanitizeAmountInput(event.currentTarget.value, maxDecimals);
    if (text !== null) onAmountChange(side, text);
  };
  const unit = (code: string) => <span className={classes.unit}>{code}</span>;
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(updatedAt));

  return (
    <Stack gap="md" h="100%">
      {currencyPicker}
      <TextInput
        size="lg"
        label={t('catalogue.calculator.amountIn', { code: currencyCode })}
        value={amounts.fiatText}
        onChange={change('fiat', precision)}
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        placeholder="0"
        rightSection={unit(currencyCode)}
        rightSectionWidth={60}
        classNames={{ input: classes.amountInput }}
        data-testid="calculator-fiat-amount"
      />
      <div className={classes.swap} aria-hidden>
        <IconArrowsUpDown size={20} stroke={2} />
      </div>
      <TextInput
        size="lg"
        label={t('catalogue.calculator.amountIn', { code: CALCULATOR_CRYPTO })}
        value={amounts.cryptoText}
        onChange={change('crypto', CALCULATOR_CRYPTO_DECIMALS)}
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        placeholder="0"
        leftSection={<CryptoIcon icon="btc" size={22} />}
        rightSection={unit(CALCULATOR_CRYPTO)}
        rightSectionWidth={60}
        classNames={{ input: classes.amountInput }}
        data-testid="calculator-crypto-amount"
      />
      <Box mt="auto" pt="xs">
        <Text size="sm" fw={500}>
          {t('catalogue.calculator.rateLine', { crypto: CALCULATOR_CRYPTO, currency: currencyCode })}{' '}
          {/* data-rate: the exact rate both conversions use, which the text rounds to the currency. */}
          <span className={classes.numeric} data-testid="calculator-rate" data-rate={price}>
            {formatDecimalString(price, locale, { minFraction: precision, maxFraction: precision })}
          </span>{' '}
          {currencyCode}
        </Text>
        <Text size="xs" c="dimmed" mt={2}>
          {t('catalogue.calculator.updatedAt', { time })}
        </Text>
      </Box>
    </Stack>
  );
}
