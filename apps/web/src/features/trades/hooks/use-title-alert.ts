import { useEffect } from 'react';

/** Spec: the tab title changes at an interval of 3000 ms while something needs the user's eyes. */
export const TITLE_ALERT_INTERVAL_MS = 3_000;

/**
 * While `text` is set, the tab title alternates between it and the page's own title every 3 s, so a
 * background tab shows that something happened; the page title is put back when it ends.
 */
export function useTitleAlert(text: string | null): void {
  useEffect(() => {
    if (!text) return;
    const original = document.title;
    let showing = true;
    document.title = text;
    const timer = setInterval(() => {
      showing = !showing;
      document.title = showing ? text : original;
    }, TITLE_ALERT_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      document.title = original;
    };
  }, [text]);
}
