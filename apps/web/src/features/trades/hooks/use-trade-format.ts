import { useMemo } from 'react';
import { formatDecimalString } from '@/features/catalogue';
import { useLocale } from '@/shared/i18n/locale-context';

/** Decimals in a decimal string (`85.00` -> 2, `1000` -> 0). */
const decimalsOf = (value: string) => value.split('.')[1]?.length ?? 0;

/** Amounts and dates on trade screens, in the page's language; amounts stay exact (no floats). */
export function useTradeFormat() {
  const locale = useLocale();
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
      /** Every significant decimal of a crypto amount, at least two. */
      crypto: (amount: string, code: string, decimals = 8) =>
        `${formatDecimalString(amount, locale, { minFraction: Math.min(2, decimals), maxFraction: decimals })} ${code}`,
      /**
       * A fiat amount at the currency's precision; without one (a list line carries none), at the
       * decimals the server sent, which are the currency's: `1,000 JPY`, `100.50 EUR`.
       */
      fiat: (amount: string, code: string, precision = decimalsOf(amount)) =>
        `${formatDecimalString(amount, locale, { minFraction: precision, maxFraction: precision })} ${code}`,
      /** `"1.0000"` -> `1`, `"0.5000"` -> `0.5` (a percentage as the server sends it, exact). */
      percent: (value: string) => formatDecimalString(value, locale, { maxFraction: 4 }),
      dateTime: safe(dateTime),
      date: safe(date),
      time: safe(time),
      fromSeconds: (seconds: number) => dateTime.format(new Date(seconds * 1000)),
    };
  }, [locale]);
}
