import { useMemo } from 'react';
import { useLocale } from '@/shared/i18n/locale-context';
import { formatCrypto, formatFiat, formatSignedCrypto } from '../utils/money';

/** Number and date formatting in the page's language (`/es` pages group and separate the Spanish way). */
export function useWalletFormat() {
  const locale = useLocale();
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      locale,
      crypto: (amount: string, decimals: number) => formatCrypto(amount, decimals, locale),
      signedCrypto: (amount: string, decimals: number) => formatSignedCrypto(amount, decimals, locale),
      fiat: (amount: string, currency: string, precision: number) =>
        formatFiat(amount, currency, precision, locale),
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
    };
  }, [locale]);
}
