import type { CreatedApiKey } from '@app/contract';
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { ErrorState } from '@/shared/ui/error-state';
import { PageLoader } from '@/shared/ui/page-loader';
import { PageSection } from '@/shared/ui/page-section';
import { useApiKeys } from '../api/api-keys';
import { CreateKeyForm } from '../components/create-key-form';
import { KeyList } from '../components/key-list';
import { NewKeyModal } from '../components/new-key-modal';

/**
 * `/user/api-keys` (decision 0042): keys for my bots. Create one with its scopes and copy its secret
 * from the one answer that carries it; see each key's last use; revoke one after a confirmation.
 */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  useDocumentTitle(t('apiKeys.title'));
  const full = keys.data ? keys.data.keys.length >= keys.data.max : false;
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('apiKeys.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('apiKeys.subtitle')}{' '}
            <Anchor href="/docs" inherit underline="always">
              {t('apiKeys.docsLink')}
            </Anchor>
          </Text>
        </div>
        {keys.isPending ? (
          <PageLoader minHeight="30vh" />
        ) : keys.isError ? (
          <ErrorState message={t('apiKeys.loadError')} onRetry={() => void keys.refetch()} />
        ) : (
          <>
            <PageSection id="api-keys-create" title={t('apiKeys.create.title')}>
              {full ? (
                <Text size="sm" c="orange" data-testid="api-keys-full">
                  {t('apiKeys.create.full', { count: keys.data.max })}
                </Text>
              ) : null}
              <CreateKeyForm disabled={full} onCreated={setCreated} />
            </PageSection>
            <PageSection id="api-keys-list" title={t('apiKeys.list.title')}>
              <KeyList keys={keys.data.keys} />
            </PageSection>
          </>
        )}
      </Stack>
      <NewKeyModal created={created} onClose={() => setCreated(null)} />
    </Container>
  );
}
