import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocale } from '@/shared/i18n/locale-context';
import { getCryptoCurrenciesQueryOptions } from '../api/get-crypto-currencies';
import { getCurrenciesQueryOptions } from '../api/get-currencies';
import {
  FALLBACK_CRYPTO_DISPLAY_DECIMALS,
  fallbackFiatPrecision,
  formatCryptoAmount,
  formatExactAmount,
  formatFiatAmount,
  formatSignedCryptoAmount,
  plainExactAmount,
  showsEveryDigit,
} from '../utils/format-decimal';

/** Decimals a decimal string carries (`"0.500"` -> 3). */
const scaleOf = (value: string): number => value.trim().split('.')[1]?.length ?? 0;

/** A crypto amount ready to show: the text at the coin's precision, and the exact value behind it. */
export type CryptoDisplay = {
  /** `19.98546821` (no code). */
  text: string;
  /** Every digit, grouped for reading (`19.985468211352636154`); equal to `text` when nothing was cut. */
  exact: string;
  /** Every digit as a plain decimal (`19.985468211352636154`): what a copy gives. */
  plain: string;
  /** The display dropped digits: the exact value is worth a hover. */
  cut: boolean;
};

/**
 * Amounts in the page's language at the catalogue's precisions (decision 0053): a coin's display
 * decimals (`formattingDecimalsCount`) and a currency's ISO minor units, from the reference lists every
 * picker already reads (cached an hour, revalidated with ETags). Until a list is in, the fallbacks are
 * BTC's 8 decimals and `Intl`'s digits for the currency.
 */
export function useAmountFormat() {
  const locale = useLocale();
  const cryptos = useQuery(getCryptoCurrenciesQueryOptions());
  const currencies = useQuery(getCurrenciesQueryOptions(locale));
  return useMemo(() => {
    const coinDecimals = new Map(
      (cryptos.data?.cryptoCurrencies ?? []).map((coin) => [coin.code, coin.formattingDecimalsCount]),
    );
    const currencyDecimals = new Map(
      (currencies.data?.currencies ?? []).map((currency) => [currency.code, currency.precision]),
    );
    const cryptoPrecision = (code: string) =>
      coinDecimals.get(code.toUpperCase()) ?? FALLBACK_CRYPTO_DISPLAY_DECIMALS;
    const fiatPrecision = (code: string) =>
      currencyDecimals.get(code.toUpperCase()) ?? fallbackFiatPrecision(code);
    const display = (amount: string, code: string, signed: boolean, exact: boolean): CryptoDisplay => {
      // `exact`: every digit the amount has (what the user typed, on the screen that confirms it).
      const precision = exact ? Math.max(scaleOf(amount), 2) : cryptoPrecision(code);
      const text = signed
        ? formatSignedCryptoAmount(amount, precision, locale)
        : formatCryptoAmount(amount, precision, locale);
      return {
        text,
        exact: formatExactAmount(amount, locale),
        plain: plainExactAmount(amount),
        cut: !showsEveryDigit(amount, precision),
      };
    };
    return {
      locale,
      cryptoPrecision,
      fiatPrecision,
      /** `19.98546821 ETH`: the coin's display precision, with its code. */
      crypto: (amount: string, code: string) => `${display(amount, code, false, false).text} ${code}`,
      /** The parts of a crypto amount, for a component that shows the exact value on hover and copy. */
      cryptoDisplay: (amount: string, code: string, options: { signed?: boolean; exact?: boolean } = {}) =>
        display(amount, code, options.signed ?? false, options.exact ?? false),
      /** `250.00 USD` (or `$250.00` with `symbol`): the currency's precision. */
      fiat: (
        amount: string,
        code: string,
        options: { style?: 'code' | 'symbol' | 'number'; precision?: number } = {},
      ) => formatFiatAmount(amount, code, options.precision ?? fiatPrecision(code), locale, options.style),
    };
  }, [locale, cryptos.data, currencies.data]);
}

export type AmountFormat = ReturnType<typeof useAmountFormat>;
