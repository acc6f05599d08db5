import type { InitialState } from '@app/contract';
import { apiClient } from '../api/api-client';
import { reportError } from '../lib/error-reporter';

declare global {
  interface Window {
    /** Rendered by the server into the HTML shell (apps/server/src/modules/app/html-shell.ts). */
    __INITIAL_STATE__?: unknown;
  }
}

/**
 * The state the first render needs. The server injects it into the HTML, so normally there is no
 * round trip; the Vite dev server serves a plain index.html, so there we ask the API for it.
 *
 * The injected state is the server's own answer, checked against the contract there: the first render
 * uses it at once, and the contract's schema (zod, not part of the main bundle) checks it afterwards,
 * reporting a mismatch instead of holding the first paint for a download.
 */
export async function loadInitialState(): Promise<InitialState> {
  const injected = window.__INITIAL_STATE__;
  if (looksLikeInitialState(injected)) {
    void import('../api/session-schemas').then(({ initialStateSchema }) => {
      const checked = initialStateSchema.safeParse(injected);
      if (!checked.success) reportError(checked.error, { source: 'initial-state' });
    });
    return injected;
  }
  if (injected !== undefined) {
    console.warn('[initial-state] the injected state does not match the contract; fetching it instead');
  }
  const { initialStateSchema } = await import('../api/session-schemas');
  return apiClient.get('/rest/v1/app/initial-state', { schema: initialStateSchema, authRedirect: false });
}

/** The parts bootstrap reads before anything else: enough to tell an injected state from garbage. */
function looksLikeInitialState(value: unknown): value is InitialState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Partial<Record<keyof InitialState, unknown>>;
  const session = state.session as { csrfToken?: unknown } | undefined;
  return (
    typeof session?.csrfToken === 'string' &&
    typeof state.app === 'object' &&
    typeof state.routes === 'object' &&
    'currentUser' in state
  );
}
