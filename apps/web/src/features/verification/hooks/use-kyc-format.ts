import { useMemo } from 'react';
import { useLocale } from '@/shared/i18n/locale-context';

/**
 * Amounts and dates of the verification pages in the page's language. Limits are whole US dollars;
 * usage comes as decimal strings with cents.
 */
export function useKycFormat() {
  const locale = useLocale();
  return useMemo(() => {
    const usd = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    });
    const count = new Intl.NumberFormat(locale);
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      /** A USD amount (a number or the server's decimal string). */
      usd: (value: number | string) => usd.format(Number(value)),
      count: (value: number) => count.format(value),
      date: (iso: string) => date.format(new Date(iso)),
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
    };
  }, [locale]);
}
