import { useMemo } from 'react';
import { useAmountFormat } from '@/features/catalogue';

/**
 * Amounts and dates of the wallet in the page's language (`/es` pages group and separate the Spanish
 * way). Amounts are the catalogue's formatting (decision 0053): a coin at its display precision.
 */
export function useWalletFormat() {
  const amounts = useAmountFormat();
  const { locale } = amounts;
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      locale,
      /** `0.5` BTC -> `0.50` (the number only: texts put the code where their language does). */
      crypto: (amount: string, code: string) => amounts.cryptoDisplay(amount, code).text,
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
    };
  }, [locale, amounts]);
}
