import { Container } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { enterLoggedInPage } from '@/shared/api';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { useCurrentUser } from '@/shared/session/current-user';
import { ErrorState } from '@/shared/ui/error-state';
import { PageLoader } from '@/shared/ui/page-loader';

/**
 * Route wrapper for pages that need a logged-in user: a visitor is sent to login with `returnTo`, and
 * while such a page is shown a 400 answer also leads to login (spec, error catalogue).
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const loginPath = useNamedRoute('login');
  const { data: user, isPending, isError, refetch } = useCurrentUser();

  useEffect(() => enterLoggedInPage(), []);

  if (isPending) return <PageLoader />;
  if (isError) {
    return (
      <Container size="sm" py="xl">
        <ErrorState message={t('common.unexpectedError')} onRetry={() => void refetch()} />
      </Container>
    );
  }
  if (!user) {
    const returnTo = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`${loginPath}?returnTo=${encodeURIComponent(returnTo)}`} replace />;
  }
  return children ?? <Outlet />;
}
