import { useCallback } from 'react';
import { formatFiatAmount } from '@/features/catalogue';
import { useLocale } from '@/shared/i18n/locale-context';

/** `81177.5` in EUR -> `81,177.50 EUR` (exact, at the currency's precision, grouped for the page's language). */
export function useFiatFormat() {
  const locale = useLocale();
  return useCallback(
    (value: string, code: string, precision: number) => formatFiatAmount(value, code, precision, locale),
    [locale],
  );
}
