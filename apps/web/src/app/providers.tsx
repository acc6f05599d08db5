import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { Suspense, useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { AppStateProvider, type AppState } from '@/shared/app-state/app-state-context';
import { accessibleCssVariablesResolver } from '@/shared/theme/accessible-colors';
import { withCloseLabels } from '@/shared/theme/close-labels';
import { cookieColorSchemeManager } from '@/shared/theme/color-scheme-cookie';
import { theme } from '@/shared/theme/theme';
import { lazyPage, whenIdle } from '@/shared/lib/load-chunk';
import { GlobalErrorModal } from '@/shared/ui/global-error-modal';

const ToastHost = lazyPage(() => whenIdle().then(() => import('@/shared/ui/toast-host')), 'ToastHost', {
  featureTexts: false,
});

const colorSchemeManager = cookieColorSchemeManager();

type AppProvidersProps = {
  queryClient: QueryClient;
  i18n: I18n;
  appState: AppState;
  /** `'test'` turns off Mantine's transitions and portals (component tests). */
  env?: 'default' | 'test';
  children: ReactNode;
};

/**
 * Everything a page may rely on: translations, the query cache, the theme (colour scheme in the
 * `theme` cookie), toasts and the global error modal.
 */
export function AppProviders({ queryClient, i18n, appState, env = 'default', children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider env={env}>
          <AppStateProvider value={appState}>
            <Suspense fallback={null}>
              <ToastHost />
            </Suspense>
            <GlobalErrorModal />
            {children}
          </AppStateProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/** Mantine with the app's theme, its accessible colour tokens and close buttons named in the page's language. */
function ThemeProvider({ env, children }: { env: 'default' | 'test'; children: ReactNode }) {
  const { t } = useTranslation();
  const closeLabel = t('common.close');
  const localizedTheme = useMemo(() => withCloseLabels(theme, closeLabel), [closeLabel]);
  return (
    <MantineProvider
      theme={localizedTheme}
      cssVariablesResolver={accessibleCssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
      env={env}
    >
      {children}
    </MantineProvider>
  );
}
