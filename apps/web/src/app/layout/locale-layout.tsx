import type { Locale } from '@app/contract';
import { use, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { loadLanguage } from '@/shared/i18n/feature-messages';
import { LocaleProvider } from '@/shared/i18n/locale-context';
import { AppLayout } from './app-layout';

/**
 * The root of one language's branch of the router (`/...` English, `/es/...` Spanish): switches the
 * translations and `<html lang>` before the browser paints. Switching language first waits for the
 * other language's texts (the router keeps the old page on screen meanwhile).
 */
export function LocaleLayout({ locale }: { locale: Locale }) {
  const { i18n } = useTranslation();
  if (i18n.language !== locale) use(loadLanguage(i18n, locale));
  useLayoutEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    document.documentElement.lang = locale;
  }, [i18n, locale]);
  return (
    <LocaleProvider value={locale}>
      <AppLayout />
    </LocaleProvider>
  );
}
