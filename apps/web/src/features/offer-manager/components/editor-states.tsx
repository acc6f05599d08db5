import { Button, Center, Container, EmptyState, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/shared/api';
import { useNamedRoute } from '@/shared/app-state/app-state-context';
import { ErrorState } from '@/shared/ui/error-state';

/** The editor pages' frame: same width and spacing for the wizard, the lite editor and their states. */
export function EditorContainer({ children }: { children: ReactNode }) {
  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="lg">{children}</Stack>
    </Container>
  );
}

export function EditorSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton height={36} width="50%" />
      <Skeleton height={48} />
      <Skeleton height={320} radius="md" />
    </Stack>
  );
}

/** A saved offer that could not be loaded: gone (or not ours: the same 404), or a failure to retry. */
export function EditorLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const myOffersPath = useNamedRoute('myOffers');
  if (isApiError(error) && error.status === 404) {
    return (
      <Center py="xl">
        <EmptyState
          title={t('offerManager.editor.notFoundTitle')}
          description={t('offerManager.editor.notFoundText')}
        >
          <Button component={Link} to={myOffersPath} mt="md">
            {t('offerManager.nav.myOffers')}
          </Button>
        </EmptyState>
      </Center>
    );
  }
  return (
    <ErrorState
      title={t('offerManager.editor.loadErrorTitle')}
      message={t('offerManager.editor.loadError')}
      onRetry={onRetry}
    />
  );
}
