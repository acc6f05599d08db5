import { useMemo } from 'react';
import { formatFiatAmount } from '@/features/catalogue';
import { useLocale } from '@/shared/i18n/locale-context';

/**
 * Amounts and dates of the verification pages in the page's language. Limits are whole US dollars;
 * usage comes as decimal strings with cents, shown only when there are some (`$5,000`, `$940.50`),
 * through the catalogue's formatting (decision 0053).
 */
export function useKycFormat() {
  const locale = useLocale();
  return useMemo(() => {
    const count = new Intl.NumberFormat(locale);
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      /** A USD amount (a number or the server's decimal string). */
      usd: (value: number | string) => {
        const text = String(value);
        const cents = /\.\d*[1-9]/.test(text) ? 2 : 0;
        return formatFiatAmount(text, 'USD', cents, locale, 'symbol');
      },
      count: (value: number) => count.format(value),
      date: (iso: string) => date.format(new Date(iso)),
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
    };
  }, [locale]);
}
