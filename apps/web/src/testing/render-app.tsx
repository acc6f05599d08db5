import type { CurrentUser, InitialState, Locale } from '@app/contract';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createAppRoutes } from '@/app/router';
import { createI18n } from '@/shared/i18n/i18n';
import { localeFromPath } from '@/shared/i18n/locale-path';
import { resources } from '@/shared/i18n/resources';
import { currentUserQueryKey } from '@/shared/session/current-user';
import { buildInitialState } from './factories';

type RenderAppOptions = {
  /** The address the memory router starts at. */
  path?: string;
  user?: CurrentUser | null;
  state?: Partial<InitialState>;
  /** Replace the app's route tree (e.g. to test a wrapper in isolation). */
  routes?: RouteObject[];
};

/** Renders the real providers and route tree in a memory router, the way bootstrap.tsx does in the browser. */
export function renderApp({ path = '/', user = null, state, routes }: RenderAppOptions = {}) {
  const initialState = buildInitialState({ ...state, currentUser: user });
  const locale: Locale = localeFromPath(path.split('?')[0] ?? '/');
  const i18n = createI18n(locale, {
    messages: { en: resources.en.translation, es: resources.es.translation },
    complete: true,
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, user);
  const router = createMemoryRouter(
    routes ?? createAppRoutes({ queryClient, i18n, routes: initialState.routes }),
    { initialEntries: [path] },
  );
  const { app, features } = initialState;
  const view = render(
    <AppProviders
      queryClient={queryClient}
      i18n={i18n}
      appState={{ app, features, routes: initialState.routes }}
      env="test"
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, i18n };
}
