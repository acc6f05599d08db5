import type { CurrentUser, KycProvider, MyVerifications } from '@app/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconShieldCheck } from '@/shared/ui/icons';
import { attemptsOf, isInReview, isOpen, latestOf } from '../utils/requests';
import { AttemptsNote } from './attempts-note';
import { DocumentList } from './document-list';
import { IdDetailsForm } from './id-details-form';
import { ProviderStartButton } from './provider-verification';
import { RequestDetails } from './request-details';
import { RequestStatus } from './request-status';

/**
 * Step one: the ID document and a selfie. Without an open request: the form (after a denial or an
 * expiry, with what happened). An open request: its details (correctable) and the photos to upload.
 * In review or approved: what was sent, read-only. When an identity service checks IDs here
 * (`provider`), the trader goes to its pages instead of the form and the uploads.
 */
export function IdVerificationStep({
  data,
  user,
  provider,
}: {
  data: MyVerifications;
  user: CurrentUser;
  provider: KycProvider;
}) {
  const { t } = useTranslation();
  const request = latestOf(data.requests, 'id');
  const attempts = attemptsOf(data, 'id');
  const [correcting, setCorrecting] = useState(false);

  if (provider !== 'manual') {
    if (request && (isOpen(request) || isInReview(request))) {
      return (
        <Stack gap="md">
          <RequestStatus request={request} />
          {isOpen(request) ? <ProviderStartButton again /> : null}
        </Stack>
      );
    }
    if (!user.isIdVerified) {
      return (
        <Stack gap="md">
          {request ? <RequestStatus request={request} /> : null}
          <Text size="sm">{t('verification.provider.intro')}</Text>
          {attempts ? <AttemptsNote attempts={attempts} /> : null}
          {attempts?.attemptsLeft === 0 ? null : <ProviderStartButton again={false} />}
        </Stack>
      );
    }
  }

  if (request && isOpen(request)) {
    return (
      <Stack gap="md">
        <RequestStatus request={request} />
        {correcting ? (
          <IdDetailsForm
            request={request}
            onSaved={() => setCorrecting(false)}
            onCancel={() => setCorrecting(false)}
          />
        ) : (
          <Stack gap="xs">
            <RequestDetails request={request} />
            <Group>
              <Button size="xs" variant="subtle" onClick={() => setCorrecting(true)}>
                {t('verification.id.correct')}
              </Button>
            </Group>
          </Stack>
        )}
        <Text size="sm">{t('verification.id.uploadIntro')}</Text>
        <DocumentList request={request} acceptsPdf={false} />
      </Stack>
    );
  }
  if (request && isInReview(request)) {
    return (
      <Stack gap="md">
        <RequestStatus request={request} />
        <RequestDetails request={request} />
        <DocumentList request={request} acceptsPdf={false} />
      </Stack>
    );
  }
  if (user.isIdVerified) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconShieldCheck />} data-testid="id-verified">
          {t('verification.id.verified')}
        </Alert>
        {request?.status === 'approved' ? <RequestDetails request={request} /> : null}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {request ? <RequestStatus request={request} /> : null}
      <Text size="sm">{request ? t('verification.id.again') : t('verification.id.intro')}</Text>
      {attempts ? <AttemptsNote attempts={attempts} /> : null}
      {attempts?.attemptsLeft === 0 ? null : <IdDetailsForm request={null} onSaved={() => undefined} />}
    </Stack>
  );
}
