import { useEffect } from 'react';
import { useAppState } from '../app-state/app-state-context';

/**
 * Sets the tab title to "<page> · <product name>" while the page is shown ("About P2P Market" stays as
 * it is: the server titles the HTML shell the same way).
 */
export function useDocumentTitle(pageTitle: string | null): void {
  const { app } = useAppState();
  useEffect(() => {
    document.title = !pageTitle
      ? app.name
      : pageTitle.includes(app.name)
        ? pageTitle
        : `${pageTitle} · ${app.name}`;
  }, [pageTitle, app.name]);
}
