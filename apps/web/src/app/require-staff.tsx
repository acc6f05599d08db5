import { isStaffRole } from '@app/contract';
import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { NotFoundPage } from '@/features/errors/pages/not-found-page';
import { useCurrentUser } from '@/shared/session/current-user';
import { ErrorState } from '@/shared/ui/error-state';
import { PageLoader } from '@/shared/ui/page-loader';

/**
 * Route wrapper for the staff console (`/admin`): staff in good standing see it; everyone else, logged
 * in or not, gets the ordinary 404 page, so the console's existence is not advertised (the API answers
 * the same 404 under /rest/v1/admin/).
 */
export function RequireStaff({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { data: user, isPending, isError, refetch } = useCurrentUser();
  if (isPending) return <PageLoader />;
  if (isError) {
    return (
      <Container size="sm" py="xl">
        <ErrorState message={t('common.unexpectedError')} onRetry={() => void refetch()} />
      </Container>
    );
  }
  if (!user || !isStaffRole(user.role) || user.accountState !== 'active') return <NotFoundPage />;
  return children ?? <Outlet />;
}
