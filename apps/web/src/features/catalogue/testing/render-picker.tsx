import type { Locale } from '@app/contract';
import type { ReactElement } from 'react';
import { LocaleProvider } from '@/shared/i18n/locale-context';
import { renderApp } from '@/testing/render-app';

/**
 * Renders one component inside the app's real providers (translations, query cache, Mantine in test
 * mode), in `locale`, with no layout around it.
 */
export function renderWithProviders(element: ReactElement, { locale = 'en' }: { locale?: Locale } = {}) {
  return renderApp({
    path: locale === 'en' ? '/' : `/${locale}`,
    routes: [{ path: '*', element: <LocaleProvider value={locale}>{element}</LocaleProvider> }],
  });
}
