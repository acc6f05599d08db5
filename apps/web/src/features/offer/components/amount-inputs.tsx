import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CryptoIcon, useAmountFormat } from '@/features/catalogue';
import { sanitizeAmountInput, type AmountSide, type TradeAmounts } from '../utils/amounts';
import classes from './offer.module.css';

type AmountInputsProps = {
  side: 'buy' | 'sell';
  fiatCode: string;
  fiatPrecision: number;
  cryptoCode: string;
  cryptoIcon: string;
  cryptoDecimals: number;
  amounts: TradeAmounts;
  /** The offer's fixed amounts (predefined mode): chosen with buttons instead of typed. */
  predefined: readonly string[];
  disabled: boolean;
  /** The problem with the amount, already in words (local check or the server's 422 detail). */
  error: string | null;
  /** Shown under the inputs when the typed amount was lowered to the maximum. */
  clampedNote: string | null;
  onChange: (side: AmountSide, text: string) => void;
};

/**
 * The fiat and crypto amounts of a trade. Either can be typed (digits and one decimal point only, as many
 * decimals as the currency or coin has) and the other follows; predefined offers offer their amounts as
 * buttons and show the crypto each buys.
 */
export function AmountInputs({
  side,
  fiatCode,
  fiatPrecision,
  cryptoCode,
  cryptoIcon,
  cryptoDecimals,
  amounts,
  predefined,
  disabled,
  error,
  clampedNote,
  onChange,
}: AmountInputsProps) {
  const { t } = useTranslation();
  const format = useAmountFormat();
  const change = (which: AmountSide, maxDecimals: number) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const text = sanitizeAmountInput(event.currentTarget.value, maxDecimals);
    if (text !== null) onChange(which, text);
  };
  const fiatLabel = side === 'buy' ? t('offer.trade.youPay') : t('offer.trade.youReceive');
  const cryptoLabel = side === 'buy' ? t('offer.trade.youReceive') : t('offer.trade.youSell');
  const unit = (code: string) => <span className={classes.unit}>{code}</span>;

  if (predefined.length > 0) {
    return (
      <Stack gap="sm">
        <Text size="sm" fw={500} id="predefined-amounts-label">
          {t('offer.trade.chooseAmount', { code: fiatCode })}
        </Text>
        <Group gap="xs" role="group" aria-labelledby="predefined-amounts-label">
          {predefined.map((amount) => {
            const selected = amounts.fiatAmount === amount;
            return (
              <Button
                key={amount}
                variant={selected ? 'filled' : 'default'}
                aria-pressed={selected}
                disabled={disabled}
                onClick={() => onChange('fiat', amount)}
                data-testid="predefined-amount"
              >
                {format.fiat(amount, fiatCode, { precision: fiatPrecision })}
              </Button>
            );
          })}
        </Group>
        <Text size="sm" c="dimmed" data-testid="trade-crypto-amount">
          {amounts.cryptoAmount
            ? t('offer.trade.cryptoFor', {
                // At the coin's display precision, like every amount (decision 0053).
                amount: format.cryptoDisplay(amounts.cryptoAmount, cryptoCode).text,
                code: cryptoCode,
              })
            : t('offer.trade.choosePrompt')}
        </Text>
        {error ? (
          <Text size="sm" c="red" role="alert" data-testid="amount-error">
            {error}
          </Text>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap={6}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          size="md"
          label={fiatLabel}
          value={amounts.fiatText}
          onChange={change('fiat', fiatPrecision)}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder="0"
          disabled={disabled}
          rightSection={unit(fiatCode)}
          rightSectionWidth={56}
          classNames={{ input: classes.amountInput }}
          error={error ?? undefined}
          data-testid="trade-fiat-amount"
        />
        <TextInput
          size="md"
          label={cryptoLabel}
          value={amounts.cryptoText}
          onChange={change('crypto', cryptoDecimals)}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder="0"
          disabled={disabled}
          leftSection={<CryptoIcon icon={cryptoIcon} size={20} />}
          rightSection={unit(cryptoCode)}
          rightSectionWidth={56}
          classNames={{ input: classes.amountInput }}
          data-testid="trade-crypto-amount"
        />
      </SimpleGrid>
      {clampedNote ? (
        <Text size="sm" c="orange" role="status" data-testid="amount-clamped">
          {clampedNote}
        </Text>
      ) : null}
    </Stack>
  );
}
