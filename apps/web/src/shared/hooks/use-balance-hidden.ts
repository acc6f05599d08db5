import { useCallback, useSyncExternalStore } from 'react';

export const BALANCE_HIDDEN_STORAGE_KEY = 'isBalanceHidden';

const listeners = new Set<() => void>();
/** The value every component sees; read from localStorage once, then kept in step by `write`. */
let memory: boolean | null = null;

function read(): boolean {
  try {
    return window.localStorage.getItem(BALANCE_HIDDEN_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

function write(hidden: boolean): void {
  try {
    window.localStorage.setItem(BALANCE_HIDDEN_STORAGE_KEY, String(hidden));
  } catch (error) {
    // Storage full or disabled (private mode): the toggle still works for this page (spec: local
    // storage quota errors are logged at info level).
    console.info('[balance-hidden] could not save the preference', error);
  }
  memory = hidden;
  for (const listener of listeners) listener();
}

function snapshot(): boolean {
  if (memory === null) memory = read();
  return memory;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== BALANCE_HIDDEN_STORAGE_KEY) return;
    memory = event.newValue === 'true';
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Whether balances are masked on screen ("hide balance" toggle), saved in localStorage under
 * `isBalanceHidden` and shared by every component and tab. The wallet reads it to show "••••".
 */
export function useBalanceHidden(): {
  hidden: boolean;
  setHidden: (hidden: boolean) => void;
  toggle: () => void;
} {
  const hidden = useSyncExternalStore(subscribe, snapshot, () => false);
  const setHidden = useCallback((value: boolean) => write(value), []);
  const toggle = useCallback(() => write(!snapshot()), []);
  return { hidden, setHidden, toggle };
}

/** For tests: forget the cached value so localStorage is read again. */
export function resetBalanceHiddenCache(): void {
  memory = null;
}
