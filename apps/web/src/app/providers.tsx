import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AppStateProvider, type AppState } from '@/shared/app-state/app-state-context';
import { cookieColorSchemeManager } from '@/shared/theme/color-scheme-cookie';
import { theme } from '@/shared/theme/theme';
import { GlobalErrorModal } from '@/shared/ui/global-error-modal';

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
 * `theme` cookie), modals, toasts (top-right, closing after 5 s) and the global error modal.
 */
export function AppProviders({ queryClient, i18n, appState, env = 'default', children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider
          theme={theme}
          colorSchemeManager={colorSchemeManager}
          defaultColorScheme="light"
          env={env}
        >
          <AppStateProvider value={appState}>
            <ModalsProvider>
              <Notifications position="top-right" autoClose={5000} limit={5} />
              <GlobalErrorModal />
              {children}
            </ModalsProvider>
          </AppStateProvider>
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
