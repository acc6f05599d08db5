import { initialStateSchema, type InitialState } from '@app/contract';
import { apiClient } from '../api/api-client';

declare global {
  interface Window {
    /** Rendered by the server into the HTML shell (apps/server/src/modules/app/html-shell.ts). */
    __INITIAL_STATE__?: unknown;
  }
}

/**
 * The state the first render needs. The server injects it into the HTML, so normally there is no
 * round trip; the Vite dev server serves a plain index.html, so there we ask the API for it.
 */
export async function loadInitialState(): Promise<InitialState> {
  const injected = initialStateSchema.safeParse(window.__INITIAL_STATE__);
  if (injected.success) return injected.data;
  if (window.__INITIAL_STATE__ !== undefined) {
    console.warn('[initial-state] the injected state does not match the contract; fetching it instead');
  }
  return apiClient.get('/rest/v1/app/initial-state', { schema: initialStateSchema, authRedirect: false });
}
