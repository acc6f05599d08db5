import { useEffect } from 'react';
import { useAppState } from '../app-state/app-state-context';

/** Sets the tab title to "<page> · <product name>" while the page is shown. */
export function useDocumentTitle(pageTitle: string | null): void {
  const { app } = useAppState();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${app.name}` : app.name;
  }, [pageTitle, app.name]);
}
