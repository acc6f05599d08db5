import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { setCsrfToken, setLoginRedirectHandler } from '@/shared/api';
import { DEFAULT_LOCALE } from '@app/contract';
import { loadCommonMessages } from '@/shared/i18n/feature-messages';
import { createI18n } from '@/shared/i18n/i18n';
import { localeFromPath, localizePath, stripLocale } from '@/shared/i18n/locale-path';
import { reportError } from '@/shared/lib/error-reporter';
import { loadInitialState } from '@/shared/app-state/load-initial-state';
import { currentUserQueryKey } from '@/shared/session/current-user';
import { BootFailure } from './boot-failure';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

/**
 * Starts the app: initial state (injected by the server, or fetched in development), translations in
 * the URL's language, the query cache seeded with the current user, the router, and the API client's
 * redirect to login.
 */
export async function bootstrap(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  const locale = localeFromPath(window.location.pathname);
  // English texts are in the main bundle; another language's common texts are a small chunk.
  const common =
    locale === DEFAULT_LOCALE ? undefined : await loadCommonMessages(locale).catch(() => undefined);
  const i18n = createI18n(locale, common ? { messages: { [locale]: common } } : {});

  let initialState;
  try {
    initialState = await loadInitialState();
  } catch (error) {
    reportError(error, { source: 'bootstrap' });
    root.render(<BootFailure i18n={i18n} />);
    return;
  }

  setCsrfToken(initialState.session.csrfToken);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, initialState.currentUser);
  const router = createAppRouter({ queryClient, i18n, routes: initialState.routes });
  const loginPath = initialState.routes.login;

  setLoginRedirectHandler((returnTo, status) => {
    // 401: the session is gone. 400 on a logged-in page: ask the server who we are.
    if (status === 401) queryClient.setQueryData(currentUserQueryKey, null);
    else void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    const { pathname } = window.location;
    if (stripLocale(pathname) === loginPath) return;
    const target = localizePath(loginPath, localeFromPath(pathname));
    void router.navigate(`${target}?returnTo=${encodeURIComponent(returnTo)}`);
  });

  const { app, features, routes } = initialState;
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient} i18n={i18n} appState={{ app, features, routes }}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
