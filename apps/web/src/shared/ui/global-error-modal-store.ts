import { useSyncExternalStore } from 'react';

/**
 * The spec's global error modal has two types: "default" (something failed, possibly being retried)
 * and "page reload required" (a code-split chunk could not be loaded; only a reload helps).
 */
export type GlobalErrorModalType = 'default' | 'page-reload-required';

export type GlobalErrorModalState = { readonly opened: boolean; readonly type: GlobalErrorModalType };

const CLOSED: GlobalErrorModalState = { opened: false, type: 'default' };

let state: GlobalErrorModalState = CLOSED;
/** How many callers currently hold the "default" modal up (several requests may be retrying at once). */
let defaultHolds = 0;
const listeners = new Set<() => void>();

function setState(next: GlobalErrorModalState) {
  if (next.opened === state.opened && next.type === state.type) return;
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Raise and lower are paired: each `raise('default')` must be followed by one `lower('default')`, and
 * the modal stays open while any raise is outstanding. "Page reload required" wins over "default":
 * once shown, only the user (or a reload) closes it.
 */
export const globalErrorModal = {
  raise(type: GlobalErrorModalType = 'default'): void {
    if (type === 'page-reload-required') {
      setState({ opened: true, type });
      return;
    }
    defaultHolds += 1;
    if (state.type !== 'page-reload-required' || !state.opened) setState({ opened: true, type: 'default' });
  },

  lower(type: GlobalErrorModalType = 'default'): void {
    if (type === 'page-reload-required') {
      if (state.type === 'page-reload-required') setState(CLOSED);
      return;
    }
    defaultHolds = Math.max(0, defaultHolds - 1);
    if (defaultHolds === 0 && state.type === 'default') setState(CLOSED);
  },

  /** The user closed the modal. */
  dismiss(): void {
    setState({ ...state, opened: false });
  },

  getState(): GlobalErrorModalState {
    return state;
  },

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },

  /** For tests. */
  reset(): void {
    defaultHolds = 0;
    setState(CLOSED);
  },
};

export function useGlobalErrorModal(): GlobalErrorModalState {
  return useSyncExternalStore(
    globalErrorModal.subscribe,
    globalErrorModal.getState,
    globalErrorModal.getState,
  );
}
