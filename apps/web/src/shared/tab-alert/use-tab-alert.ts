import { useEffect } from 'react';
import { createTabAlert, type TabAlert } from './tab-alert';

let shared: TabAlert | null = null;
/** One alert per tab: its BroadcastChannel and listeners live as long as the page. */
const tabAlert = (): TabAlert => (shared ??= createTabAlert());

/**
 * While `text` is set, the tab title alternates between it and the page's title every 3 s with the
 * notification icon, in every tab of the site, until the trader looks at one of them (tab-alert.ts).
 * Clearing `text` (the modal closed, the trade opened) ends it everywhere.
 */
export function useTabAlert(text: string | null): void {
  useEffect(() => {
    if (!text) return;
    const alert = tabAlert();
    alert.start(text);
    return () => alert.stop();
  }, [text]);
}
