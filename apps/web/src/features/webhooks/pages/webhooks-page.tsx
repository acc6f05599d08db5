import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { ErrorState } from '@/shared/ui/error-state';
import { PageLoader } from '@/shared/ui/page-loader';
import { useWebhook } from '../api/webhook';
import { AddressCard } from '../components/address-card';
import { DeliveryLog } from '../components/delivery-log';
import { EventsCard } from '../components/events-card';
import { SecretCard } from '../components/secret-card';
import { SecretModal } from '../components/secret-modal';
import { VerificationHelp } from '../components/verification-help';

/**
 * `/user/webhooks` (issue 16, decision 0043): my server hears about my trades. Save an address (checked
 * at once with a challenge), choose the events, keep the signing secret (shown whole once; rotated after
 * a confirmation), read the delivery log and send a delivery again; remove it all after a confirmation.
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  const webhook = useWebhook();
  const [secret, setSecret] = useState<string | null>(null);
  useDocumentTitle(t('webhooks.title'));
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('webhooks.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('webhooks.subtitle')}
            {webhook.data ? (
              <>
                {' '}
                <Anchor href={webhook.data.knowledgeUrl} inherit underline="always">
                  {t('webhooks.knowledgeLink')}
                </Anchor>
              </>
            ) : null}
          </Text>
        </div>
        {webhook.isPending ? (
          <PageLoader minHeight="30vh" />
        ) : webhook.isError ? (
          <ErrorState message={t('webhooks.loadError')} onRetry={() => void webhook.refetch()} />
        ) : (
          <>
            <AddressCard webhook={webhook.data} onSecret={setSecret} />
            {webhook.data.status === 'initial' ? null : (
              <>
                <EventsCard events={webhook.data.events} />
                <SecretCard secretPrefix={webhook.data.secretPrefix} onSecret={setSecret} />
                <DeliveryLog />
              </>
            )}
            <VerificationHelp />
          </>
        )}
      </Stack>
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </Container>
  );
}
