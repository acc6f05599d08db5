import type { InitialState, NamedRoute } from '@app/contract';
import { createContext, useContext } from 'react';
import { useLocalizePath } from '../i18n/locale-context';

/** The parts of the server's initial state that do not change while the page is open. */
export type AppState = Pick<InitialState, 'app' | 'features' | 'routes'>;

const AppStateContext = createContext<AppState | null>(null);

export const AppStateProvider = AppStateContext.Provider;

export function useAppState(): AppState {
  const state = useContext(AppStateContext);
  if (!state) throw new Error('useAppState must be used inside <AppStateProvider>');
  return state;
}

/** The localized path of a named server route (spec: "named server routes used for links"). */
export function useNamedRoute(name: NamedRoute): string {
  const { routes } = useAppState();
  return useLocalizePath()(routes[name]);
}
