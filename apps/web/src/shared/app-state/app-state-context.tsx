import type { AvailableNamedRoute, FeatureFlag, InitialState, NamedRoute } from '@app/contract';
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
export function useNamedRoute(name: AvailableNamedRoute): string {
  const { routes } = useAppState();
  return useLocalizePath()(routes[name]);
}

/**
 * The same for a route whose page may not exist yet (the server sends only routes with pages): null
 * while it is absent, so the caller shows no link rather than one to "Page not found".
 */
export function useOptionalNamedRoute(name: NamedRoute): string | null {
  const { routes } = useAppState();
  const localize = useLocalizePath();
  const path = routes[name];
  return path === undefined ? null : localize(path);
}

/**
 * Whether the operator switched a feature on (`FEATURES`; spec: every flag is off by default). What a
 * flag gates is hidden while it is off: an absent flag counts as off.
 */
export function useFeature(flag: FeatureFlag): boolean {
  return useAppState().features[flag] === true;
}
