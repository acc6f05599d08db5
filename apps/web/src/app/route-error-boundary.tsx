import { Button } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
// Error pages are imported statically, not lazily: they must render even when chunks cannot load.
import { NotFoundPage } from '@/features/errors/pages/not-found-page';
import { ServerErrorPage } from '@/features/errors/pages/server-error-page';
import { isChunkLoadError } from '@/shared/lib/load-chunk';
import { reportError } from '@/shared/lib/error-reporter';
import { IconRefresh } from '@/shared/ui/icons';
import { StatusPage } from '@/shared/ui/status-page';

/**
 * What a route shows when it fails: 404 for unknown data, "reload required" when its code could not be
 * loaded (the global modal says the same), and the 500 page for anything else, which is a bug and is
 * reported like a server 500.
 */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const chunk = isChunkLoadError(error);

  useEffect(() => {
    if (!notFound && !chunk) reportError(error, { source: 'route' });
  }, [error, notFound, chunk]);

  if (notFound) return <NotFoundPage />;
  if (chunk) {
    return (
      <StatusPage
        icon={<IconRefresh size={30} />}
        title={t('errorModal.reload.title')}
        description={t('errorModal.reload.message')}
      >
        <Button mt="sm" leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
          {t('errorModal.reload.action')}
        </Button>
      </StatusPage>
    );
  }
  return <ServerErrorPage />;
}
