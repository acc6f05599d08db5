import { useMemo } from 'react';
import { formatDecimalString, useAmountFormat } from '@/features/catalogue';

/**
 * Amounts and dates on trade screens, in the page's language. Amounts are the catalogue's formatting
 * (decision 0053): a coin at its display precision, a currency at its own, exact strings, no floats.
 */
export function useTradeFormat() {
  const amounts = useAmountFormat();
  const { locale } = amounts;
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    // A value that is not a date is shown as sent rather than throwing (Intl throws on Invalid Date).
    const safe = (formatter: Intl.DateTimeFormat) => (iso: string) => {
      const value = new Date(iso);
      return Number.isNaN(value.getTime()) ? iso : formatter.format(value);
    };
    return {
      locale,
      /** `0.00105263 BTC`: the coin's display precision (the exact value: `cryptoDisplay`). */
      crypto: amounts.crypto,
      cryptoDisplay: amounts.cryptoDisplay,
      /**
       * A fiat amount at the currency's precision: the trade's own when it carries one, else the
       * catalogue's (`1,000 JPY`, `100.50 EUR`).
       */
      fiat: (amount: string, code: string, precision?: number) => amounts.fiat(amount, code, { precision }),
      /** `"1.0000"` -> `1`, `"0.5000"` -> `0.5` (a percentage as the server sends it, exact). */
      percent: (value: string) => formatDecimalString(value, locale, { maxFraction: 4 }),
      dateTime: safe(dateTime),
      date: safe(date),
      time: safe(time),
      fromSeconds: (seconds: number) => dateTime.format(new Date(seconds * 1000)),
    };
  }, [locale, amounts]);
}
